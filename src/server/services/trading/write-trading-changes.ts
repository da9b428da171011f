import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { LedgerChanges, LedgerLot, LedgerOrder } from '@/domain/trading/ledger-rows';
import { bigintArray, firstRow, intArray, numberArray, nullableBigintArray, textArray } from '@/server/db/sql-values';
import { holdings, orders as ordersTable, trades as tradesTable, transactions } from '@/server/db/schema';
import { webhookOutboxFromArrays } from '@/server/db/record-webhook-events';
import { insertRows, insertSelect, rowSet, updateRows } from '@/server/db/set-writes';
import { plainStatements, type StatementRunner } from '@/server/db/statement-runner';
import { formatCents } from '@/domain/money';
import { PENDING_TRIGGER } from './to-api';

/** The stored status: an untriggered stop is 'pending_trigger', out of every live-order read. */
const storedStatus = (order: LedgerOrder) => (order.pendingTrigger ? PENDING_TRIGGER : order.status);

export interface WrittenIds {
  /** Stored trade id by the trade's key in the batch. */
  tradeIds: Map<number, number>;
  /** Stored holding id by the batch's (negative) id of each lot it created. */
  lotIds: Map<number, number>;
}

/** A lot as a holdings row (its parent, set when the lot was created, is left out of updates). */
function holdingRow(lot: LedgerLot) {
  return {
    id: lot.id, userId: lot.userId, quantity: lot.quantity, serialStart: lot.serialStart, serialEnd: lot.serialEnd,
    purchasePriceCents: lot.purchasePriceCents, purchaseDate: new Date(lot.purchaseDateMs), status: lot.status, orderId: lot.orderId,
    origin: lot.origin,
  };
}

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
  const hasNewLots = changes.newLots.length > 0;
  const hasTrades = changes.trades.length > 0;
  const cash = cashPart(changes, expectedCash);
  const filled = [...changes.newOrders, ...changes.updatedOrders].filter((order) => order.status === 'filled');
  const ctes = [
    ...lotParts(projectId, changes, now), ...orderParts(projectId, changes, now), ...cash.ctes, ...tradeParts(projectId, changes, now),
    ...(filled.length > 0 ? [filledOrdersOutbox(projectId, filled, now)] : []),
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
function lotParts(projectId: number, changes: LedgerChanges, now: Date): SQL[] {
  const ctes: SQL[] = [];
  if (changes.newLots.length > 0) {
    const newLots = rowSet(holdings, changes.newLots.map((lot) => ({ ...holdingRow(lot), parentHoldingId: lot.parentHoldingId })));
    ctes.push(sql`new_lots as (select * from ${newLots.source})`);
    ctes.push(sql`new_lot_ids as materialized (select x.id as key, nextval('holdings_id_seq')::int as id from new_lots x)`);
    ctes.push(sql`inserted_lots as (${insertSelect(holdings, {
      ...newLots.columns, id: sql`n.id`, projectId, createdAt: now,
      parentHoldingId: sql`case when x.parent_holding_id < 0 then p.id else x.parent_holding_id end`,
    }, sql`new_lots x join new_lot_ids n on n.key = x.id left join new_lot_ids p on p.key = x.parent_holding_id`)})`);
  }
  if (changes.updatedLots.length > 0) ctes.push(sql`updated_lots as (${updateRows(holdings, changes.updatedLots.map(holdingRow))})`);
  return ctes;
}

/** The orders the batch placed (ids and sequences reserved under the lock) and changed. */
function orderParts(projectId: number, changes: LedgerChanges, now: Date): SQL[] {
  const ctes: SQL[] = [];
  if (changes.newOrders.length > 0) {
    ctes.push(sql`inserted_orders as (${insertRows(ordersTable, changes.newOrders.map((order) => ({
      id: order.id, userId: order.userId, orderType: order.side, quantity: order.quantity, filledQuantity: order.filledQuantity,
      remainingQuantity: order.remainingQuantity, priceCents: order.priceCents, lockedCents: order.lockedCents, status: storedStatus(order),
      sequence: order.sequence, timeInForce: order.timeInForce ?? 'GTC', postOnly: order.postOnly ?? false,
      expiresAt: order.expiresAtMs == null ? null : new Date(order.expiresAtMs),
      selfTradePrevention: order.selfTradePrevention ?? 'cancel_newest', stopPriceCents: order.stopPriceCents ?? null,
      stopMarket: order.stopMarket ?? false, triggeredAt: order.triggeredAtMs == null ? null : new Date(order.triggeredAtMs),
    })), { values: { projectId, createdAt: now, updatedAt: now } })})`);
  }
  if (changes.updatedOrders.length > 0) {
    // Amends move quantity, price and sequence too (an amend up or a new price loses its place), and so does a triggered stop.
    ctes.push(sql`updated_orders as (${updateRows(ordersTable, changes.updatedOrders.map((order) => ({
      id: order.id, filledQuantity: order.filledQuantity, remainingQuantity: order.remainingQuantity, lockedCents: order.lockedCents,
      status: storedStatus(order), quantity: order.quantity, priceCents: order.priceCents, sequence: order.sequence,
      triggeredAt: order.triggeredAtMs == null ? null : new Date(order.triggeredAtMs),
    })), { values: { updatedAt: now } })})`);
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

/**
 * The trades (each row's id is its key in the batch until `trade_ids` gives it a real one) and their two history rows
 * each: the buyer's names the lot it received (new lots resolved here), the seller's none.
 */
function tradeParts(projectId: number, changes: LedgerChanges, now: Date): SQL[] {
  const trades = changes.trades;
  if (trades.length === 0) return [];
  const hasNewLots = changes.newLots.length > 0;
  const tradeRows = rowSet(tradesTable, trades.map((trade) => ({
    id: trade.key, buyOrderId: trade.buyOrderId, sellOrderId: trade.sellOrderId, buyerId: trade.buyerId, sellerId: trade.sellerId,
    priceCents: trade.priceCents, quantity: trade.quantity, totalCents: trade.totalCents,
  })));
  const history = trades.flatMap((trade) => [
    { userId: trade.buyerId, type: 'trade_buy', holdingId: trade.buyerLotIds[0], quantity: trade.quantity, totalCents: trade.totalCents },
    { userId: trade.sellerId, type: 'trade_sell', holdingId: null, quantity: trade.quantity, totalCents: trade.totalCents },
  ]);
  return [
    sql`trade_rows as (select * from ${tradeRows.source})`,
    sql`trade_ids as materialized (select x.id as key, nextval('trades_id_seq')::int as id from trade_rows x)`,
    sql`inserted_trades as (${insertSelect(tradesTable, { ...tradeRows.columns, id: sql`t.id`, projectId, venue: 'book', createdAt: now },
      sql`trade_rows x join trade_ids t on t.key = x.id`)})`,
    sql`inserted_transactions as (${insertRows(transactions, history, {
      values: { projectId, feeCents: 0n, createdAt: now, ...(hasNewLots ? { holdingId: sql`case when x.holding_id < 0 then n.id else x.holding_id end` } : {}) },
      from: hasNewLots ? sql`left join new_lot_ids n on n.key = x.holding_id` : undefined,
    })})`,
  ];
}

/**
 * The order.filled outbox rows of the orders this batch filled completely (a market order that filled in part never
 * is), for their owners' endpoints that subscribed (usually none), built from arrays: each payload is the text that
 * JSON.stringify gives for `{ type, timestamp, data }`, as the other events' (record-webhook-events.ts), without a
 * JSON document of every event sent only to be dropped by the join. A test compares the delivered bytes.
 */
function filledOrdersOutbox(projectId: number, orders: readonly LedgerOrder[], now: Date): SQL {
  return sql`outbox as (${webhookOutboxFromArrays('order.filled', now, orders.map((order) => order.userId), [
    { key: 'orderId', json: 'number', values: intArray(orders.map((order) => order.id)) },
    { key: 'projectId', json: 'number', values: sql`${projectId}::int`, shared: true },
    { key: 'side', json: 'string', values: textArray(orders.map((order) => order.side)) },
    { key: 'quantity', json: 'number', values: intArray(orders.map((order) => order.quantity)) },
    { key: 'pricePerCredit', json: 'string', values: textArray(orders.map((order) => formatCents(order.priceCents))) },
  ])})`;
}
