import { sql, type SQL } from 'drizzle-orm';
import { formatCents } from '@/domain/money';
import { webhookOutboxFromArrays } from '@/server/db/record-webhook-events';
import type { Executor } from '@/server/db/client';
import { intArray, parseJson, rowsOf, textArray } from '@/server/db/sql-values';
import { holdings, pools, trades, transactions, users } from '@/server/db/schema';
import { insertRows, insertSelect, rowSet, updateRows } from '@/server/db/set-writes';
import { plainStatements, type StatementRunner } from '@/server/db/statement-runner';
import type { BatchLot, SwapBatchLedger } from '@/domain/amm/swap-batch-ledger';

/** A lot as a holdings row (its parent, set when the lot was created, is left out of updates). */
const holdingRow = (lot: BatchLot) => ({
  id: lot.id, userId: lot.userId, quantity: lot.quantity, serialStart: lot.serialStart, serialEnd: lot.serialEnd, status: lot.status,
  poolId: lot.poolId, purchasePriceCents: lot.purchasePriceCents, purchaseDate: new Date(lot.purchaseDateMs), origin: lot.origin,
});

/**
 * Writes a swap batch's final row states in ONE statement of data-modifying CTEs, each row at most once: new lots
 * (negative ids resolved to real ones, parents too), changed lots, the pool, the takers' cash, one trade per swap
 * (venue 'pool', the pool's side null), one swap_buy / swap_sell history row per swap and the pool.swap webhook outbox
 * rows. The rows are built from the schema (`db/set-writes.ts`), one array per column; parts without rows are left
 * out. Returns trade ids by key.
 */
export async function writeSwapBatch(
  tx: Executor, projectId: number, ledger: SwapBatchLedger, now: Date, statements: StatementRunner = plainStatements,
): Promise<Map<number, number>> {
  const dirty = [...ledger.dirty];
  const newLots = dirty.filter((lot) => lot.id < 0).sort((a, b) => b.id - a.id);
  const updatedLots = dirty.filter((lot) => lot.id > 0);
  const cash = [...ledger.cashDelta].filter(([, delta]) => delta !== 0n);
  const { creditReserve, cashReserveCents, totalLpUnits } = ledger.state;
  const ctes: SQL[] = [];
  if (newLots.length > 0) {
    const lots = rowSet(holdings, newLots.map((lot) => ({ ...holdingRow(lot), parentHoldingId: lot.parentHoldingId })));
    ctes.push(sql`new_lots as (select * from ${lots.source})`);
    ctes.push(sql`new_lot_ids as materialized (select x.id as key, nextval('holdings_id_seq')::int as id from new_lots x)`);
    ctes.push(sql`inserted_lots as (${insertSelect(holdings, {
      ...lots.columns, id: sql`n.id`, projectId, createdAt: now,
      parentHoldingId: sql`case when x.parent_holding_id < 0 then p.id else x.parent_holding_id end`,
    }, sql`new_lots x join new_lot_ids n on n.key = x.id left join new_lot_ids p on p.key = x.parent_holding_id`)})`);
  }
  if (updatedLots.length > 0) ctes.push(sql`updated_lots as (${updateRows(holdings, updatedLots.map(holdingRow), { values: { orderId: null } })})`);
  ctes.push(sql`pool_update as (${updateRows(pools, [{ id: ledger.poolId, creditReserve, cashReserveCents, totalLpUnits }])})`);
  // Each row carries the taker's change of cash, added to the balance.
  if (cash.length > 0) {
    ctes.push(sql`cash as (${updateRows(users, cash.map(([id, delta]) => ({ id, cashCents: delta })), { values: { cashCents: sql`t.cash_cents + x.cash_cents` } })})`);
  }
  const swaps = rowSet(trades, ledger.fills.map((fill) => ({
    id: fill.key, buyerId: fill.command.side === 'buy' ? fill.command.userId : null, sellerId: fill.command.side === 'sell' ? fill.command.userId : null,
    priceCents: fill.priceCents, quantity: fill.command.quantity, totalCents: fill.quote.cashCents,
  })));
  ctes.push(sql`swap_rows as (select * from ${swaps.source})`);
  ctes.push(sql`trade_ids as materialized (select x.id as key, nextval('trades_id_seq')::int as id from swap_rows x)`);
  ctes.push(sql`inserted_trades as (${insertSelect(trades, { ...swaps.columns, id: sql`t.id`, projectId, venue: 'pool', createdAt: now },
    sql`swap_rows x join trade_ids t on t.key = x.id`)})`);
  ctes.push(sql`inserted_history as (${insertRows(transactions, ledger.fills.map((fill) => ({
    userId: fill.command.userId, type: `swap_${fill.command.side}`, quantity: fill.command.quantity, totalCents: fill.quote.cashCents,
    feeCents: fill.quote.feeCents,
  })), { values: { projectId, createdAt: now } })})`);
  ctes.push(swapsOutbox(projectId, ledger.fills, now));
  const result = await statements(tx, sql`
    with ${sql.join(ctes, sql`, `)}
    select coalesce((select jsonb_agg(jsonb_build_array(key, id)) from trade_ids), '[]'::jsonb) as trade_ids`);
  return new Map(parseJson<[number, number][]>(rowsOf<{ trade_ids: unknown }>(result)[0].trade_ids));
}

/**
 * The pool.swap outbox rows of the batch's swaps, for their takers' endpoints that subscribed (usually none), in the
 * batch's one statement: the same payload as `poolSwapEvent` gives the single swap, its trade id resolved from the
 * ids the statement reserves. Its own statement, with a JSON document of every swap, was a tenth of a swap batch's
 * time inside the embedded database.
 */
function swapsOutbox(projectId: number, fills: SwapBatchLedger['fills'], now: Date): SQL {
  const keys = intArray(fills.map((fill) => fill.key));
  return sql`outbox as (${webhookOutboxFromArrays('pool.swap', now, fills.map((fill) => fill.command.userId), [
    { key: 'tradeId', json: 'number', values: sql`array(select t.id from unnest(${keys}) with ordinality k(key, n) join trade_ids t on t.key = k.key order by k.n)` },
    { key: 'projectId', json: 'number', values: sql`${projectId}::int`, shared: true },
    { key: 'side', json: 'string', values: textArray(fills.map((fill) => fill.command.side)) },
    { key: 'quantity', json: 'number', values: intArray(fills.map((fill) => fill.command.quantity)) },
    { key: 'pricePerCredit', json: 'string', values: textArray(fills.map((fill) => formatCents(fill.priceCents))) },
    { key: 'total', json: 'string', values: textArray(fills.map((fill) => formatCents(fill.quote.cashCents))) },
  ])})`;
}
