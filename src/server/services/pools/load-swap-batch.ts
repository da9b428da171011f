import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { intArray, parseJson, rowsOf } from '@/server/db/sql-values';
import { plainStatements, type StatementRunner } from '@/server/db/statement-runner';
import { oldestActiveLots } from '@/server/services/seller-lots';
import type { PoolRecord } from './read-pool-context';
import type { BatchLot, SwapCommand } from '@/domain/amm/swap-batch-ledger';

export interface SwapBatchState {
  pool: PoolRecord | null;
  users: { id: number; cashCents: bigint }[];
  lots: BatchLot[];
}

interface LotJson {
  id: number; user_id: number | null; quantity: number; serial_start: number; serial_end: number; status: 'active' | 'pooled';
  pool_id: number | null; purchase_price_cents: string; purchase_date: string; origin: string; parent_holding_id: number | null;
}

/**
 * Reads, in ONE statement under the project's trading lock, everything a batch of swaps needs, row-locked: the pool,
 * the takers' cash, the pool's oldest pooled lots covering every buy of the batch together, and each seller's oldest
 * active lots covering that seller's sells (all of them when they hold fewer). Lots that later swaps of the batch
 * create are the batch's own, so nothing else is needed. The ranking CTEs are MATERIALIZED so that the planner,
 * which has no statistics here, cannot re-run a window once per candidate row.
 */
export async function loadSwapBatch(
  tx: Executor, projectId: number, commands: readonly SwapCommand[], statements: StatementRunner = plainStatements,
): Promise<SwapBatchState> {
  const buyTonnes = commands.reduce((sum, command) => sum + (command.side === 'buy' ? command.quantity : 0), 0);
  const sells = new Map<number, number>();
  for (const command of commands) if (command.side === 'sell') sells.set(command.userId, (sells.get(command.userId) ?? 0) + command.quantity);
  const userIds = [...new Set(commands.map((command) => command.userId))].sort((a, b) => a - b);
  // Every lot holds at least 1 t, so the `tonnes` oldest lots always cover `tonnes`: each ranking reads at most that
  // many rows through an index in age order (holdings_pool_lots_idx; see oldestActiveLots for the sellers), however
  // many pieces swaps have split the pool's reserve and the sellers' lots into.
  const result = await statements(tx, sql`
    with pool as (
      select id, project_id, credit_reserve::text, cash_reserve_cents::text, total_lp_units::text, created_at
      from pools where project_id = ${projectId}::int for no key update
    ), people as (
      select id, cash_cents::text as cash_cents from users where id = any(${intArray(userIds)}) order by id for no key update
    ), pooled_ranked as materialized (
      select id, coalesce(sum(quantity) over (order by purchase_date, id rows between unbounded preceding and 1 preceding), 0) as before
      from (
        select id, quantity, purchase_date from holdings where project_id = ${projectId}::int and status = 'pooled'
        order by purchase_date, id limit ${buyTonnes}::bigint
      ) oldest
    ), sellers_ranked as materialized (${oldestActiveLots(projectId, [...sells].map(([userId, tonnes]) => ({ userId, tonnes })))}
    ), wanted as materialized (
      select id from pooled_ranked where before < ${buyTonnes}::bigint
      union all select id from sellers_ranked where before < tonnes
    ), lots as (
      select h.id, h.user_id, h.quantity, h.serial_start, h.serial_end, h.status, h.pool_id, h.purchase_price_cents::text as purchase_price_cents,
        h.purchase_date, h.origin, h.parent_holding_id
      from holdings h where h.id = any(array(select id from wanted)) for no key update
    )
    select
      (select row_to_json(pool) from pool) as pool,
      (select coalesce(json_agg(people), '[]'::json) from people) as users,
      (select coalesce(json_agg(lots), '[]'::json) from lots) as lots`);
  const row = rowsOf<{ pool: unknown; users: unknown; lots: unknown }>(result)[0];
  const pool = parseJson<{ id: number; project_id: number; credit_reserve: string; cash_reserve_cents: string; total_lp_units: string; created_at: string } | null>(row.pool);
  return {
    pool: pool && {
      id: pool.id,
      projectId: pool.project_id,
      state: { creditReserve: BigInt(pool.credit_reserve), cashReserveCents: BigInt(pool.cash_reserve_cents), totalLpUnits: BigInt(pool.total_lp_units) },
      createdAt: new Date(pool.created_at),
    },
    users: parseJson<{ id: number; cash_cents: string }[]>(row.users).map((user) => ({ id: user.id, cashCents: BigInt(user.cash_cents) })),
    lots: parseJson<LotJson[]>(row.lots).map((lot) => ({
      id: lot.id,
      userId: lot.user_id,
      quantity: lot.quantity,
      serialStart: lot.serial_start,
      serialEnd: lot.serial_end,
      status: lot.status,
      poolId: lot.pool_id,
      purchasePriceCents: BigInt(lot.purchase_price_cents),
      purchaseDateMs: Date.parse(lot.purchase_date),
      origin: lot.origin,
      parentHoldingId: lot.parent_holding_id,
    })),
  };
}
