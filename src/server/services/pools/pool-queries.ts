import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import type { PoolRecord } from './read-pool-context';
import { rowsOf } from '@/server/db/sql-values';

interface PoolRow {
  id: number;
  project_id: number;
  credit_reserve: string;
  cash_reserve_cents: string;
  total_lp_units: string;
  created_at: string | Date;
  lp_units: string | null;
}

/**
 * The project's pool and, when `userId` is given, that user's LP units (0 without a position); null when the
 * project has no pool. One plain read: no lock, it may be a moment old by the time it is shown.
 */
export async function findPool(db: Database, projectId: number, userId: number | null): Promise<{ pool: PoolRecord; lpUnits: bigint | null } | null> {
  const rows = rowsOf<PoolRow>(await db.execute(sql`
    select p.id, p.project_id, p.credit_reserve::text, p.cash_reserve_cents::text, p.total_lp_units::text, p.created_at,
      (select lp_units::text from lp_positions where pool_id = p.id and user_id = ${userId ?? 0}) as lp_units
    from pools p where p.project_id = ${projectId}`));
  const row = rows[0];
  if (!row) return null;
  return {
    pool: {
      id: row.id,
      projectId: row.project_id,
      state: { creditReserve: BigInt(row.credit_reserve), cashReserveCents: BigInt(row.cash_reserve_cents), totalLpUnits: BigInt(row.total_lp_units) },
      createdAt: new Date(row.created_at),
    },
    lpUnits: userId === null ? null : BigInt(row.lp_units ?? '0'),
  };
}
