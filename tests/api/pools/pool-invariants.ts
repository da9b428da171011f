import { sql } from 'drizzle-orm';
import type { AppDeps } from '@/server/app-deps';

export interface LedgerCheck {
  /** Per project: issued − available − Σ holdings of every status (pooled included); all must be 0. */
  creditImbalances: Array<{ projectId: number; imbalance: number }>;
  /** Per pool: Σ pooled holdings − creditReserve, and Σ LP positions − totalLpUnits; all must be 0. */
  poolImbalances: Array<{ poolId: number; tonnes: bigint; lpUnits: bigint }>;
  /** Σ cash + Σ locked by live buy orders + Σ pool cash + Σ purchase totals − Σ deposits; must be 0. */
  cashImbalanceCents: bigint;
  /** Projects whose holdings' serial ranges overlap or leave a gap within 1 … sold. */
  serialGaps: number[];
  /** Holdings in a state that contradicts their owner columns (pooled with a user, active without one…). */
  misfiledHoldings: number;
}

/** The ledger invariants of DESIGN.md with pools included, each one SQL query. */
export async function checkLedger(deps: AppDeps): Promise<LedgerCheck> {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await deps.db.execute(query)) as unknown as { rows: T[] }).rows;
  const credit = await rows<{ project_id: number; imbalance: string }>(sql`
    select p.id as project_id, (p.total_issued - p.available_credits - coalesce(sum(h.quantity), 0))::text as imbalance
    from projects p left join holdings h on h.project_id = p.id group by p.id order by p.id`);
  const pools = await rows<{ id: number; tonnes: string; lp: string }>(sql`
    select p.id,
      ((select coalesce(sum(quantity), 0) from holdings h where h.pool_id = p.id and h.status = 'pooled') - p.credit_reserve)::text as tonnes,
      ((select coalesce(sum(lp_units), 0) from lp_positions l where l.pool_id = p.id) - p.total_lp_units)::text as lp
    from pools p order by p.id`);
  const [cash] = await rows<{ imbalance: string }>(sql`
    select ((select coalesce(sum(cash_cents), 0) from users)
      + (select coalesce(sum(locked_cents), 0) from orders where status in ('open', 'partially_filled'))
      + (select coalesce(sum(cash_reserve_cents), 0) from pools)
      + (select coalesce(sum(total_cents), 0) from transactions where type = 'purchase')
      - (select coalesce(sum(deposited_cents), 0) from users))::text as imbalance`);
  const gaps = await rows<{ project_id: number }>(sql`
    select project_id from (
      select project_id, serial_start, lag(serial_end) over (partition by project_id order by serial_start) as previous_end
      from holdings) ranked
    where serial_start <> coalesce(previous_end, 0) + 1 group by project_id`);
  const [misfiled] = await rows<{ n: string }>(sql`
    select count(*)::text as n from holdings
    where (status = 'pooled') <> (pool_id is not null) or (status = 'pooled') = (user_id is not null)`);
  return {
    creditImbalances: credit.map((row) => ({ projectId: Number(row.project_id), imbalance: Number(row.imbalance) })).filter((row) => row.imbalance !== 0),
    poolImbalances: pools.map((row) => ({ poolId: Number(row.id), tonnes: BigInt(row.tonnes), lpUnits: BigInt(row.lp) })).filter((row) => row.tonnes !== 0n || row.lpUnits !== 0n),
    cashImbalanceCents: BigInt(cash.imbalance),
    serialGaps: gaps.map((row) => Number(row.project_id)),
    misfiledHoldings: Number(misfiled.n),
  };
}

export const BALANCED_LEDGER: LedgerCheck = { creditImbalances: [], poolImbalances: [], cashImbalanceCents: 0n, serialGaps: [], misfiledHoldings: 0 };
