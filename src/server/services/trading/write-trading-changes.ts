import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { LedgerChanges, LedgerLot, LedgerOrder } from '../../../domain/trading/ledger-rows';
import { bigintArray, firstRow, intArray, numberArray, nullableBigintArray, nullableIntArray, textArray, timestampArray } from '../../db/sql-values';
import { plainStatements, type StatementRunner } from '../../db/statement-runner';
import { formatCents } from '../../../domain/money';

export interface WrittenIds {
  /** Stored trade id by the trade's key in the batch. */
  tradeIds: Map<number, number>;
  /** Stored holding id by the batch's (negative) id of each lot it created. */
  lotIds: Map<number, number>;
}

/** The columns of a lot, one array each, in the order of `lots`. */
function lotColumns(lots: readonly LedgerLot[]): SQL {
  return sql`${intArray(lots.map((lot) => lot.id))}, ${intArray(lots.map((lot) => lot.userId))}, ${intArray(lots.map((lot) => lot.quantity))},
    ${intArray(lots.map((lot) => lot.serialStart))}, ${intArray(lots.map((lot) => lot.serialEnd))},
    ${bigintArray(lots.map((lot) => lot.purchasePriceCents))}, ${timestampArray(lots.map((lot) => lot.purchaseDateMs))},
    ${textArray(lots.map((lot) => lot.status))}, ${nullableIntArray(lots.map((lot) => lot.orderId))}, ${textArray(lots.map((lot) => lot.origin))},
    ${nullableIntArray(lots.map((lot) => lot.parentHoldingId))}`;
}

const LOT_ROW = sql.raw(`x(id, user_id, quantity, serial_start, serial_end, purchase_price_cents, purchase_date, status, order_id, origin, parent_id)`);

/**
 * Writes a batch's final row states in ONE statement of data-modifying CTEs, holding only the parts with rows (each
 * row is written at most once, as PostgreSQL requires of such a statement). Every part is set-based: one array per
 * column, `unnest`ed, so the statement's size grows by a few bytes per row. Lots created in the batch carry negative
 * ids: the statement gives them real ids and resolves the parent and transaction references to them. One trade row
 * and two transaction rows (trade_buy for the buyer, trade_sell for the seller, fee 0) are recorded per fill, and the
 * order.filled webhook outbox rows ride along (see filledOrdersOutbox). Updates also name their ids as an array: the
 * planner cannot see how few rows an unnest holds and would otherwise consider the whole table. Every user whose cash
 * changes is locked in id order first, so batches of two projects never wait on each other in a cycle.
 */
export async function writeTradingChanges(
  tx: Executor, projectId: number, changes: LedgerChanges, expectedCash: ReadonlyMap<number, bigint>, now: Date,
  statements: StatementRunner = plainStatements,
): Promise<WrittenIds> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const hasNewLots = changes.newLots.length > 0;
  const hasTrades = changes.trades.length > 0;
  const cash = cashPart(changes, expectedCash);
  const filled = [...changes.newOrders, ...changes.updatedOrders].filter((order) => order.status === 'filled');
  const ctes = [
    ...lotParts(projectId, changes, at), ...orderParts(projectId, changes, at), ...cash.ctes, ...tradeParts(projectId, changes, at),
    ...(filled.length > 0 ? [filledOrdersOutbox(projectId, filled, now, at)] : []),
  ];
  if (ctes.length === 0) return { tradeIds: new Map(), lotIds: new Map() };
  const result = await statements(tx, sql`
    with ${sql.join(ctes, sql`, `)}
    select ${hasTrades ? sql`array(select id from trade_ids order by key)` : sql`'{}'::int[]`} as trade_ids,
      ${hasNewLots ? sql`array(select id from new_lot_ids order by key desc)` : sql`'{}'::int[]`} as lot_ids
      ${cash.checked > 0 ? sql`, ledger_assert((select count(*) from cash where checked) = ${cash.checked}, 'a balance the batch relied on has moved')` : sql``}`);
  const row = firstRow<{ trade_ids: number[] | string; lot_ids: number[] | string }>(result);
  // Batch ids of new lots run -1, -2, …; trade keys 0, 1, …: the arrays come back in those orders.
  return {
    tradeIds: new Map(numberArray(row.trade_ids).map((id, index) => [changes.trades[index].key, id])),
    lotIds: new Map(numberArray(row.lot_ids).map((id, index) => [changes.newLots[index].id, id])),
  };
}

/** The lots the batch created (given their ids and their parents' here) and changed. */
function lotParts(projectId: number, changes: LedgerChanges, at: SQL): SQL[] {
  const ctes: SQL[] = [];
  if (changes.newLots.length > 0) {
    ctes.push(sql`new_lots as (select * from unnest(${lotColumns(changes.newLots)}) as ${LOT_ROW})`);
    ctes.push(sql`new_lot_ids as materialized (select x.id as key, nextval('holdings_id_seq')::int as id from new_lots x)`);
    ctes.push(sql`inserted_lots as (
      insert into holdings (id, user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, purchase_date,
        status, order_id, origin, parent_holding_id, created_at)
      select n.id, x.user_id, ${projectId}::int, x.quantity, x.serial_start, x.serial_end, x.purchase_price_cents, x.purchase_date,
        x.status, x.order_id, x.origin, case when x.parent_id < 0 then p.id else x.parent_id end, ${at}
      from new_lots x
      join new_lot_ids n on n.key = x.id
      left join new_lot_ids p on p.key = x.parent_id)`);
  }
  if (changes.updatedLots.length > 0) {
    ctes.push(sql`updated_lots as (
      update holdings h set user_id = x.user_id, quantity = x.quantity, serial_start = x.serial_start, serial_end = x.serial_end,
        purchase_price_cents = x.purchase_price_cents, purchase_date = x.purchase_date, status = x.status, order_id = x.order_id,
        origin = x.origin
      from unnest(${lotColumns(changes.updatedLots)}) as ${LOT_ROW}
      where h.id = x.id and h.id = any(${intArray(changes.updatedLots.map((lot) => lot.id))}))`);
  }
  return ctes;
}

/** The orders the batch placed (ids and sequences reserved under the lock) and changed. */
function orderParts(projectId: number, changes: LedgerChanges, at: SQL): SQL[] {
  const ctes: SQL[] = [];
  const orders = changes.newOrders;
  if (orders.length > 0) {
    ctes.push(sql`inserted_orders as (
      insert into orders (id, user_id, project_id, order_type, quantity, filled_quantity, remaining_quantity, price_cents,
        locked_cents, status, sequence, time_in_force, post_only, expires_at, created_at, updated_at)
      select x.id, x.user_id, ${projectId}::int, x.order_type, x.quantity, x.filled_quantity, x.remaining_quantity, x.price_cents,
        x.locked_cents, x.status, x.sequence, x.time_in_force, x.post_only::boolean, nullif(x.expires_at_text, '')::timestamptz, ${at}, ${at}
      from unnest(${intArray(orders.map((order) => order.id))}, ${intArray(orders.map((order) => order.userId))},
        ${textArray(orders.map((order) => order.side))}, ${intArray(orders.map((order) => order.quantity))},
        ${intArray(orders.map((order) => order.filledQuantity))}, ${intArray(orders.map((order) => order.remainingQuantity))},
        ${bigintArray(orders.map((order) => order.priceCents))}, ${bigintArray(orders.map((order) => order.lockedCents))},
        ${textArray(orders.map((order) => order.status))}, ${bigintArray(orders.map((order) => BigInt(order.sequence)))},
        ${textArray(orders.map((order) => order.timeInForce ?? 'GTC'))}, ${textArray(orders.map((order) => String(order.postOnly ?? false)))},
        ${textArray(orders.map((order) => (order.expiresAtMs == null ? '' : new Date(order.expiresAtMs).toISOString())))})
        as x(id, user_id, order_type, quantity, filled_quantity, remaining_quantity, price_cents, locked_cents, status, sequence,
          time_in_force, post_only, expires_at_text))`);
  }
  const updated = changes.updatedOrders;
  if (updated.length > 0) {
    const ids = intArray(updated.map((order) => order.id));
    ctes.push(sql`updated_orders as (
      update orders o set filled_quantity = x.filled_quantity, remaining_quantity = x.remaining_quantity,
        locked_cents = x.locked_cents, status = x.status, quantity = x.quantity, price_cents = x.price_cents, sequence = x.sequence,
        updated_at = ${at}
      from unnest(${ids}, ${intArray(updated.map((order) => order.filledQuantity))},
        ${intArray(updated.map((order) => order.remainingQuantity))}, ${bigintArray(updated.map((order) => order.lockedCents))},
        ${textArray(updated.map((order) => order.status))}, ${intArray(updated.map((order) => order.quantity))},
        ${bigintArray(updated.map((order) => order.priceCents))}, ${bigintArray(updated.map((order) => BigInt(order.sequence)))})
        as x(id, filled_quantity, remaining_quantity, locked_cents, status, quantity, price_cents, sequence)
      where o.id = x.id and o.id = any(${ids}))`);
  }
  return ctes;
}

/**
 * The balances. Every balance the batch decided on (its buyers', whether it moved or not) is expected as it was: one
 * that moved fails the statement's assertion (`checked` rows must all match), and the batch runs again on fresh
 * reads. Others (sellers, the owners of resting orders) only receive, and their rows only change.
 */
function cashPart(changes: LedgerChanges, expectedCash: ReadonlyMap<number, bigint>): { ctes: SQL[]; checked: number } {
  const deltas = new Map(changes.cashDeltas.map((delta) => [delta.userId, delta.deltaCents]));
  const cash = [...new Set([...deltas.keys(), ...expectedCash.keys()])].map((userId) => ({
    userId, deltaCents: deltas.get(userId) ?? 0n, expectedCents: expectedCash.get(userId) ?? null,
  }));
  if (cash.length === 0) return { ctes: [], checked: 0 };
  const ids = intArray(cash.map((row) => row.userId));
  return {
    checked: cash.filter((row) => row.expectedCents !== null).length,
    ctes: [
      sql`cash_holders as materialized (select id from users where id = any(${ids}) order by id for no key update)`,
      sql`cash as (
        update users u set cash_cents = u.cash_cents + x.delta
        from unnest(${ids}, ${bigintArray(cash.map((row) => row.deltaCents))}, ${nullableBigintArray(cash.map((row) => row.expectedCents))})
          as x(id, delta, expected)
        where u.id = x.id and u.id = any(array(select id from cash_holders)) and (x.expected is null or u.cash_cents = x.expected)
        returning x.expected is not null as checked)`,
    ],
  };
}

/** The trades and their two history rows each (the buyer's names the lot it received, new lots resolved here). */
function tradeParts(projectId: number, changes: LedgerChanges, at: SQL): SQL[] {
  const trades = changes.trades;
  if (trades.length === 0) return [];
  const hasNewLots = changes.newLots.length > 0;
  return [
    sql`trade_rows as (
      select * from unnest(${intArray(trades.map((trade) => trade.key))}, ${intArray(trades.map((trade) => trade.buyOrderId))},
        ${intArray(trades.map((trade) => trade.sellOrderId))}, ${intArray(trades.map((trade) => trade.buyerId))},
        ${intArray(trades.map((trade) => trade.sellerId))}, ${bigintArray(trades.map((trade) => trade.priceCents))},
        ${intArray(trades.map((trade) => trade.quantity))}, ${bigintArray(trades.map((trade) => trade.totalCents))},
        ${intArray(trades.map((trade) => trade.buyerLotIds[0]))})
        as x(key, buy_order_id, sell_order_id, buyer_id, seller_id, price_cents, quantity, total_cents, buyer_lot))`,
    sql`trade_ids as materialized (select x.key, nextval('trades_id_seq')::int as id from trade_rows x)`,
    sql`inserted_trades as (
      insert into trades (id, project_id, buy_order_id, sell_order_id, buyer_id, seller_id, venue, price_cents, quantity,
        total_cents, created_at)
      select t.id, ${projectId}::int, x.buy_order_id, x.sell_order_id, x.buyer_id, x.seller_id, 'book', x.price_cents, x.quantity,
        x.total_cents, ${at}
      from trade_rows x join trade_ids t on t.key = x.key)`,
    sql`inserted_transactions as (
      insert into transactions (user_id, type, project_id, holding_id, quantity, total_cents, fee_cents, created_at)
      select side.user_id, side.type, ${projectId}::int, side.holding_id, x.quantity, x.total_cents, 0, ${at}
      from trade_rows x
      ${hasNewLots ? sql`left join new_lot_ids n on n.key = x.buyer_lot` : sql``}
      cross join lateral (values
        (x.buyer_id, 'trade_buy', ${hasNewLots ? sql`case when x.buyer_lot < 0 then n.id else x.buyer_lot end` : sql`x.buyer_lot`}),
        (x.seller_id, 'trade_sell', null::int)) as side(user_id, type, holding_id))`,
  ];
}

/**
 * The order.filled outbox rows of the orders this batch filled completely (a market order that filled in part never
 * is), for their owners' endpoints that subscribed (usually none), built from arrays: each payload is the text that
 * JSON.stringify gives for `{ type, timestamp, data }`, as the other events' (record-webhook-events.ts), without a
 * JSON document of every event sent only to be dropped by the join. A test compares the delivered bytes.
 */
function filledOrdersOutbox(projectId: number, orders: readonly LedgerOrder[], now: Date, at: SQL): SQL {
  return sql`outbox as (
    insert into webhook_deliveries (endpoint_id, message_id, event_type, payload, next_attempt_at, created_at)
    select w.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'order.filled',
      concat('{"type":"order.filled","timestamp":"', ${now.toISOString()}::text, '","data":{"orderId":', x.order_id,
        ',"projectId":', ${projectId}::int, ',"side":"', x.side, '","quantity":', x.quantity, ',"pricePerCredit":"', x.price, '"}}'),
      ${at}, ${at}
    from unnest(${intArray(orders.map((order) => order.userId))}, ${intArray(orders.map((order) => order.id))},
      ${textArray(orders.map((order) => order.side))}, ${intArray(orders.map((order) => order.quantity))},
      ${textArray(orders.map((order) => formatCents(order.priceCents)))}) as x(user_id, order_id, side, quantity, price)
    join webhook_endpoints w on w.user_id = x.user_id and 'order.filled' = any(w.events) and w.disabled_at is null)`;
}
