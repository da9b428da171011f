import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { LedgerChanges, LedgerLot } from '../../../domain/trading/ledger-rows';
import { firstRow, intArray, jsonParam, parseJson } from '../../db/sql-values';
import { plainStatements, type StatementRunner } from '../../db/statement-runner';
import { recordWebhookEvents, type WebhookEventInput } from '../../db/record-webhook-events';
import { formatCents } from '../../../domain/money';

export interface WrittenIds {
  /** Stored trade id by the trade's key in the batch. */
  tradeIds: Map<number, number>;
}

const lotJson = (lot: LedgerLot) => ({
  id: lot.id, user_id: lot.userId, quantity: lot.quantity, serial_start: lot.serialStart, serial_end: lot.serialEnd,
  purchase_price_cents: lot.purchasePriceCents, purchase_date: new Date(lot.purchaseDateMs).toISOString(), status: lot.status,
  order_id: lot.orderId, origin: lot.origin, parent_id: lot.parentHoldingId,
});

const LOT_COLUMNS = sql`id int, user_id int, quantity int, serial_start int, serial_end int, purchase_price_cents bigint,
  purchase_date timestamptz, status text, order_id int, origin text, parent_id int`;

/**
 * Writes a batch's final row states in ONE statement of data-modifying CTEs, holding only the parts with rows (each
 * row is written at most once, as PostgreSQL requires of such a statement). Lots created in the batch carry negative
 * ids: the statement gives them real ids and resolves the parent and transaction references to them. One trade row
 * and two transaction rows (trade_buy for the buyer, trade_sell for the seller, fee 0) are recorded per fill. Updates
 * also name their ids as an array: the planner cannot see how few rows a JSON recordset holds and would otherwise scan
 * the whole table.
 */
export async function writeTradingChanges(
  tx: Executor, projectId: number, changes: LedgerChanges, now: Date, statements: StatementRunner = plainStatements,
): Promise<WrittenIds> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = (name: string) => sql`jsonb_to_recordset((select j->${name} from input))`;
  const newLotIds = changes.newLots.length > 0;
  const ctes: SQL[] = [sql`input as (select ${jsonParam(payloadOf(changes))} as j)`];
  if (newLotIds) {
    ctes.push(sql`new_lot_ids as (select x.id as key, nextval('holdings_id_seq')::int as id from ${rows('newLots')} as x(id int))`);
    ctes.push(sql`inserted_lots as (
      insert into holdings (id, user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, purchase_date,
        status, order_id, origin, parent_holding_id, created_at)
      select n.id, x.user_id, ${projectId}::int, x.quantity, x.serial_start, x.serial_end, x.purchase_price_cents, x.purchase_date,
        x.status, x.order_id, x.origin, case when x.parent_id < 0 then p.id else x.parent_id end, ${at}
      from ${rows('newLots')} as x(${LOT_COLUMNS})
      join new_lot_ids n on n.key = x.id
      left join new_lot_ids p on p.key = x.parent_id)`);
  }
  if (changes.updatedLots.length > 0) {
    ctes.push(sql`updated_lots as (
      update holdings h set user_id = x.user_id, quantity = x.quantity, serial_start = x.serial_start, serial_end = x.serial_end,
        purchase_price_cents = x.purchase_price_cents, purchase_date = x.purchase_date, status = x.status, order_id = x.order_id,
        origin = x.origin
      from ${rows('updatedLots')} as x(${LOT_COLUMNS})
      where h.id = x.id and h.id = any(${intArray(changes.updatedLots.map((lot) => lot.id))}))`);
  }
  if (changes.newOrders.length > 0) {
    ctes.push(sql`inserted_orders as (
      insert into orders (id, user_id, project_id, order_type, quantity, filled_quantity, remaining_quantity, price_cents,
        locked_cents, status, sequence, created_at, updated_at)
      select x.id, x.user_id, ${projectId}::int, x.order_type, x.quantity, x.filled_quantity, x.remaining_quantity, x.price_cents,
        x.locked_cents, x.status, x.sequence, ${at}, ${at}
      from ${rows('newOrders')} as x(id int, user_id int, order_type text, quantity int, filled_quantity int,
        remaining_quantity int, price_cents bigint, locked_cents bigint, status text, sequence bigint))`);
  }
  if (changes.updatedOrders.length > 0) {
    ctes.push(sql`updated_orders as (
      update orders o set filled_quantity = x.filled_quantity, remaining_quantity = x.remaining_quantity,
        locked_cents = x.locked_cents, status = x.status, updated_at = ${at}
      from ${rows('updatedOrders')} as x(id int, filled_quantity int, remaining_quantity int, locked_cents bigint, status text)
      where o.id = x.id and o.id = any(${intArray(changes.updatedOrders.map((order) => order.id))}))`);
  }
  if (changes.cashDeltas.length > 0) {
    ctes.push(sql`cash as (
      update users u set cash_cents = u.cash_cents + x.delta
      from ${rows('cash')} as x(id int, delta bigint)
      where u.id = x.id and u.id = any(${intArray(changes.cashDeltas.map((delta) => delta.userId))}))`);
  }
  const hasTrades = changes.trades.length > 0;
  if (hasTrades) {
    ctes.push(sql`trade_ids as (select x.key, nextval('trades_id_seq')::int as id from ${rows('trades')} as x(key int))`);
    ctes.push(sql`inserted_trades as (
      insert into trades (id, project_id, buy_order_id, sell_order_id, buyer_id, seller_id, venue, price_cents, quantity,
        total_cents, created_at)
      select t.id, ${projectId}::int, x.buy_order_id, x.sell_order_id, x.buyer_id, x.seller_id, 'book', x.price_cents, x.quantity,
        x.total_cents, ${at}
      from ${rows('trades')} as x(key int, buy_order_id int, sell_order_id int, buyer_id int, seller_id int, price_cents bigint,
        quantity int, total_cents bigint)
      join trade_ids t on t.key = x.key)`);
    ctes.push(sql`inserted_transactions as (
      insert into transactions (user_id, type, project_id, holding_id, quantity, total_cents, fee_cents, created_at)
      select x.user_id, x.type, ${projectId}::int,
        ${newLotIds ? sql`case when x.holding_id < 0 then n.id else x.holding_id end` : sql`x.holding_id`},
        x.quantity, x.total_cents, 0, ${at}
      from ${rows('transactions')} as x(user_id int, type text, holding_id int, quantity int, total_cents bigint)
      ${newLotIds ? sql`left join new_lot_ids n on n.key = x.holding_id` : sql``})`);
  }
  if (ctes.length === 1) return { tradeIds: new Map() };
  const result = await statements(tx, sql`
    with ${sql.join(ctes, sql`, `)}
    select ${hasTrades ? sql`coalesce((select jsonb_agg(jsonb_build_array(key, id)) from trade_ids), '[]'::jsonb)` : sql`'[]'::jsonb`} as trade_ids`);
  const pairs = parseJson<[number, number][]>(firstRow<{ trade_ids: unknown }>(result).trade_ids);
  await recordWebhookEvents(tx, filledOrderEvents(projectId, changes), now, statements);
  return { tradeIds: new Map(pairs) };
}

/** order.filled for every order this batch filled completely (a market order that filled in part never is). */
function filledOrderEvents(projectId: number, changes: LedgerChanges): WebhookEventInput[] {
  return [...changes.newOrders, ...changes.updatedOrders].filter((order) => order.status === 'filled').map((order) => ({
    userId: order.userId,
    type: 'order.filled' as const,
    data: { orderId: order.id, projectId, side: order.side, quantity: order.quantity, pricePerCredit: formatCents(order.priceCents) },
  }));
}

function payloadOf(changes: LedgerChanges) {
  return {
    newOrders: changes.newOrders.map((order) => ({
      id: order.id, user_id: order.userId, order_type: order.side, quantity: order.quantity, filled_quantity: order.filledQuantity,
      remaining_quantity: order.remainingQuantity, price_cents: order.priceCents, locked_cents: order.lockedCents, status: order.status,
      sequence: order.sequence,
    })),
    updatedOrders: changes.updatedOrders.map((order) => ({
      id: order.id, filled_quantity: order.filledQuantity, remaining_quantity: order.remainingQuantity,
      locked_cents: order.lockedCents, status: order.status,
    })),
    newLots: changes.newLots.map(lotJson),
    updatedLots: changes.updatedLots.map(lotJson),
    cash: changes.cashDeltas.map((delta) => ({ id: delta.userId, delta: delta.deltaCents })),
    trades: changes.trades.map((trade) => ({
      key: trade.key, buy_order_id: trade.buyOrderId, sell_order_id: trade.sellOrderId, buyer_id: trade.buyerId,
      seller_id: trade.sellerId, price_cents: trade.priceCents, quantity: trade.quantity, total_cents: trade.totalCents,
    })),
    transactions: changes.trades.flatMap((trade) => [
      { user_id: trade.buyerId, type: 'trade_buy', holding_id: trade.buyerLotIds[0], quantity: trade.quantity, total_cents: trade.totalCents },
      { user_id: trade.sellerId, type: 'trade_sell', holding_id: null, quantity: trade.quantity, total_cents: trade.totalCents },
    ]),
  };
}
