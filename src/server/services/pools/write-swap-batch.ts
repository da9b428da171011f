import { sql } from 'drizzle-orm';
import { recordWebhookEvents } from '../../db/record-webhook-events';
import { poolSwapEvent } from './pool-swap-event';
import type { Executor } from '../../db/client';
import { intArray, jsonParam, parseJson, rowsOf } from '../../db/sql-values';
import { plainStatements, type StatementRunner } from '../../db/statement-runner';
import type { BatchLot, SwapBatchLedger } from '../../../domain/amm/swap-batch-ledger';

const lotJson = (lot: BatchLot) => ({
  id: lot.id, user_id: lot.userId, quantity: lot.quantity, serial_start: lot.serialStart, serial_end: lot.serialEnd, status: lot.status,
  pool_id: lot.poolId, purchase_price_cents: lot.purchasePriceCents, purchase_date: new Date(lot.purchaseDateMs).toISOString(),
  origin: lot.origin, parent_id: lot.parentHoldingId,
});

/**
 * Writes a swap batch's final row states in ONE statement of data-modifying CTEs, each row at most once: new lots
 * (negative ids resolved to real ones, parents too), changed lots, the pool, the takers' cash, one trade per swap
 * (venue 'pool', the pool's side null) and one swap_buy / swap_sell history row per swap. Returns trade ids by key.
 */
export async function writeSwapBatch(
  tx: Executor, projectId: number, ledger: SwapBatchLedger, now: Date, statements: StatementRunner = plainStatements,
): Promise<Map<number, number>> {
  const dirty = [...ledger.dirty];
  const payload = {
    newLots: dirty.filter((lot) => lot.id < 0).sort((a, b) => b.id - a.id).map(lotJson),
    updatedLots: dirty.filter((lot) => lot.id > 0).map(lotJson),
    cash: [...ledger.cashDelta].filter(([, delta]) => delta !== 0n).map(([id, delta]) => ({ id, delta })),
    swaps: ledger.fills.map((fill) => ({
      key: fill.key, user_id: fill.command.userId, side: fill.command.side, price_cents: fill.priceCents, quantity: fill.command.quantity,
      total_cents: fill.quote.cashCents, fee_cents: fill.quote.feeCents,
    })),
  };
  const at = now.toISOString();
  const { creditReserve, cashReserveCents, totalLpUnits } = ledger.state;
  const result = await statements(tx, sql`
    with input as (select ${jsonParam(payload)} as j),
    new_lot_ids as (
      select x.id as key, nextval('holdings_id_seq')::int as id from jsonb_to_recordset((select j->'newLots' from input)) as x(id int)
    ), trade_ids as (
      select x.key, nextval('trades_id_seq')::int as id from jsonb_to_recordset((select j->'swaps' from input)) as x(key int)
    ), inserted_lots as (
      insert into holdings (id, user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, purchase_date, status,
        pool_id, origin, parent_holding_id, created_at)
      select n.id, x.user_id, ${projectId}::int, x.quantity, x.serial_start, x.serial_end, x.purchase_price_cents, x.purchase_date, x.status,
        x.pool_id, x.origin, case when x.parent_id < 0 then p.id else x.parent_id end, ${at}::timestamptz
      from jsonb_to_recordset((select j->'newLots' from input)) as x(id int, user_id int, quantity int, serial_start int, serial_end int,
        purchase_price_cents bigint, purchase_date timestamptz, status text, pool_id int, origin text, parent_id int)
      join new_lot_ids n on n.key = x.id left join new_lot_ids p on p.key = x.parent_id
    ), updated_lots as (
      update holdings h set user_id = x.user_id, quantity = x.quantity, serial_start = x.serial_start, serial_end = x.serial_end,
        status = x.status, pool_id = x.pool_id, order_id = null, purchase_price_cents = x.purchase_price_cents,
        purchase_date = x.purchase_date, origin = x.origin
      from jsonb_to_recordset((select j->'updatedLots' from input)) as x(id int, user_id int, quantity int, serial_start int, serial_end int,
        status text, pool_id int, purchase_price_cents bigint, purchase_date timestamptz, origin text)
      where h.id = x.id and h.id = any(${intArray(payload.updatedLots.map((lot) => lot.id))})
    ), pool_update as (
      update pools set credit_reserve = ${creditReserve}::bigint, cash_reserve_cents = ${cashReserveCents}::bigint,
        total_lp_units = ${totalLpUnits}::bigint where id = ${ledger.poolId}::int
    ), cash as (
      update users u set cash_cents = u.cash_cents + x.delta
      from jsonb_to_recordset((select j->'cash' from input)) as x(id int, delta bigint)
      where u.id = x.id and u.id = any(${intArray(payload.cash.map((entry) => entry.id))})
    ), inserted_trades as (
      insert into trades (id, project_id, buyer_id, seller_id, venue, price_cents, quantity, total_cents, created_at)
      select t.id, ${projectId}::int, case when x.side = 'buy' then x.user_id end, case when x.side = 'sell' then x.user_id end, 'pool',
        x.price_cents, x.quantity, x.total_cents, ${at}::timestamptz
      from jsonb_to_recordset((select j->'swaps' from input)) as x(key int, user_id int, side text, price_cents bigint, quantity int, total_cents bigint)
      join trade_ids t on t.key = x.key
    ), inserted_history as (
      insert into transactions (user_id, type, project_id, quantity, total_cents, fee_cents, created_at)
      select x.user_id, 'swap_' || x.side, ${projectId}::int, x.quantity, x.total_cents, x.fee_cents, ${at}::timestamptz
      from jsonb_to_recordset((select j->'swaps' from input)) as x(user_id int, side text, quantity int, total_cents bigint, fee_cents bigint)
    )
    select coalesce((select jsonb_agg(jsonb_build_array(key, id)) from trade_ids), '[]'::jsonb) as trade_ids`);
  const tradeIds = new Map(parseJson<[number, number][]>(rowsOf<{ trade_ids: unknown }>(result)[0].trade_ids));
  await recordWebhookEvents(tx, ledger.fills.map((fill) => poolSwapEvent({
    userId: fill.command.userId, tradeId: tradeIds.get(fill.key)!, projectId, side: fill.command.side, quantity: fill.command.quantity,
    priceCents: fill.priceCents, totalCents: fill.quote.cashCents,
  })), now, statements);
  return tradeIds;
}
