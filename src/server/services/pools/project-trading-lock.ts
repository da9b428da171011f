import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from './sql-rows';

/**
 * The advisory-lock class that serialises everything that trades one project: order placement, matching,
 * market orders and every pool operation take `pg_advisory_xact_lock(4242, projectId)` as the FIRST statement of
 * their transaction, so a swap never interleaves with a match of the same project. The lock is released at
 * commit or rollback. (On the embedded database every transaction is already serial; the lock costs one call.)
 */
export const PROJECT_TRADING_LOCK_CLASS = 4242;

/**
 * Takes the project's trading lock, and a KEY SHARE lock on the project row in the same statement. Every pool
 * write inserts rows that reference the project (holdings, trades, history), which takes that KEY SHARE anyway;
 * taking it first, before any account row is locked, keeps the lock order the same as a purchase's (project row,
 * then account), so a purchase and a swap of the same user and project cannot deadlock on PostgreSQL.
 */
export async function lockProjectTrading(tx: Executor, projectId: number): Promise<void> {
  await tx.execute(sql`
    select pg_advisory_xact_lock(${PROJECT_TRADING_LOCK_CLASS}, id) from projects where id = ${projectId}::int for key share`);
}

/**
 * Takes the same locks when only a pool id is known; the key is still (4242, the pool's project id), read in the
 * same statement so that the lock remains the first statement. Returns the project id, or null when there is no
 * such pool (nothing is locked then).
 */
export async function lockPoolProject(tx: Executor, poolId: number): Promise<number | null> {
  const rows = rowsOf<{ project_id: number }>(await tx.execute(sql`
    select projects.id as project_id, pg_advisory_xact_lock(${PROJECT_TRADING_LOCK_CLASS}, projects.id)
    from pools join projects on projects.id = pools.project_id where pools.id = ${poolId} for key share of projects`));
  return rows[0]?.project_id ?? null;
}

/** Takes the locks of a project that must exist (pool creation); returns false when there is no such project. */
export async function lockExistingProject(tx: Executor, projectId: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`
    select id, pg_advisory_xact_lock(${PROJECT_TRADING_LOCK_CLASS}, id) from projects where id = ${projectId} for key share`));
  return rows.length > 0;
}
