import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { PoolState } from '@/domain/amm/pool-state';
import type { LotRef } from '@/domain/trading/plan-lot-take';
import { lotTonnes } from '@/domain/trading/lot-selection';
import { rowsOf } from '@/server/db/sql-values';

export interface PoolRecord {
  id: number;
  projectId: number;
  state: PoolState;
  createdAt: Date;
}

/** Which lots to lock, oldest first: the user's active lots of the project, or the pool's pooled lots. */
export type LotSource = { from: 'user' | 'pool'; projectId: number; tonnes: number };

export interface PoolContext {
  pool: PoolRecord | null;
  /** The user's cash (row locked); null when there is no such user. */
  cashCents: bigint | null;
  /** The user's LP units in this pool (row locked); 0 without a position. */
  lpUnits: bigint;
  /** The oldest lots that together cover the tonnes asked for (fewer when there are not enough). */
  lots: LotRef[];
}

/** A lot with its sort key, so that a further batch can continue after it. */
type RankedLot = LotRef & { purchaseDate: string };

interface ContextRow {
  pool_id: number | null;
  project_id: number | null;
  credit_reserve: string | null;
  cash_reserve_cents: string | null;
  total_lp_units: string | null;
  created_at: string | Date | null;
  cash_cents: string | null;
  lp_units: string | null;
  lots: RankedLot[] | string | null;
}

/** Lots locked per statement. Every lot holds at least one tonne, so a swap of n tonnes never needs more than n. */
const LOT_BATCH = 100;

/**
 * Everything a pool operation decides on, read and row-locked in ONE statement (call it right after the trading
 * lock): the pool, the user's cash, the user's LP position and the oldest lots to move, in batches of LOT_BATCH
 * (a further batch is read only when a large trade needs more lots). Rows are locked FOR NO KEY UPDATE, as no key
 * ever changes, so concurrent inserts that merely reference them (a retirement's certificate) are not blocked.
 * A lot that a concurrent retirement changed is re-checked by the lock and skipped if it is no longer active; the
 * caller then sees too few tonnes and refuses. (Ranking with LIMIT rather than a running-sum window: without
 * statistics the planner re-ran the window once per lot, which grew quadratically with the number of lots.)
 */
export async function readPoolContext(
  tx: Executor,
  query: { pool: { projectId: number } | { poolId: number }; userId: number; lots?: LotSource },
): Promise<PoolContext> {
  const poolFilter = 'poolId' in query.pool ? sql`id = ${query.pool.poolId}` : sql`project_id = ${query.pool.projectId}`;
  const tonnes = query.lots?.tonnes ?? 0;
  const limit = Math.min(tonnes, LOT_BATCH);
  const lotFilter = limit > 0 && query.lots ? lotFilterOf(query.lots, query.userId) : sql`false`;
  const result = await tx.execute(sql`
    with pool as (
      select id, project_id, credit_reserve, cash_reserve_cents, total_lp_units, created_at from pools where ${poolFilter} for no key update
    ), account as (
      select cash_cents from users where id = ${query.userId} for no key update
    ), lp_position as (
      select lp_units from lp_positions where pool_id = (select id from pool) and user_id = ${query.userId} for update
    ), lots as (
      select id, quantity, serial_start, serial_end, purchase_date from holdings
      where ${lotFilter} order by purchase_date, id limit ${limit} for no key update
    )
    select pool.id as pool_id, pool.project_id, pool.credit_reserve::text, pool.cash_reserve_cents::text,
      pool.total_lp_units::text, pool.created_at,
      (select cash_cents::text from account) as cash_cents,
      (select lp_units::text from lp_position) as lp_units,
      (select ${lotsJson}) as lots
    from (select 1) as one left join pool on true`);
  const context = toContext(rowsOf<ContextRow>(result)[0]);
  if (query.lots && context.lots.length === limit && lotTonnes(context.lots) < tonnes) {
    context.lots = await readMoreLots(tx, query.lots, query.userId, context.lots as RankedLot[]);
  }
  return context;
}

const lotsJson = sql`coalesce(json_agg(json_build_object('id', id, 'quantity', quantity, 'serialStart', serial_start,
  'serialEnd', serial_end, 'purchaseDate', purchase_date) order by purchase_date, id), '[]'::json) from lots`;

/** Further batches after `lots` until they cover the tonnes or run out (a large trade through many small lots). */
async function readMoreLots(tx: Executor, source: LotSource, userId: number, lots: RankedLot[]): Promise<RankedLot[]> {
  const all = [...lots];
  for (;;) {
    const last = all[all.length - 1];
    const result = await tx.execute(sql`
      with lots as (
        select id, quantity, serial_start, serial_end, purchase_date from holdings
        where ${lotFilterOf(source, userId)} and (purchase_date, id) > (${last.purchaseDate}::timestamptz, ${last.id}::int)
        order by purchase_date, id limit ${LOT_BATCH} for no key update
      ) select ${lotsJson}`);
    const batch = parseLots(rowsOf<{ coalesce: unknown }>(result)[0].coalesce);
    all.push(...batch);
    if (batch.length < LOT_BATCH || lotTonnes(all) >= source.tonnes) return all;
  }
}

function lotFilterOf(source: LotSource, userId: number): SQL {
  if (source.from === 'user') return sql`user_id = ${userId} and project_id = ${source.projectId} and status = 'active'`;
  // project_id first so that the (project_id, status) index finds the pooled lots.
  return sql`project_id = ${source.projectId} and status = 'pooled' and pool_id = (select id from pools where project_id = ${source.projectId})`;
}

function parseLots(value: unknown): RankedLot[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as RankedLot[];
}

function toContext(row: ContextRow): PoolContext {
  const pool: PoolRecord | null = row.pool_id === null ? null : {
    id: row.pool_id,
    projectId: row.project_id!,
    state: {
      creditReserve: BigInt(row.credit_reserve!),
      cashReserveCents: BigInt(row.cash_reserve_cents!),
      totalLpUnits: BigInt(row.total_lp_units!),
    },
    createdAt: new Date(row.created_at!),
  };
  return {
    pool,
    cashCents: row.cash_cents === null ? null : BigInt(row.cash_cents),
    lpUnits: row.lp_units === null ? 0n : BigInt(row.lp_units),
    lots: parseLots(row.lots),
  };
}
