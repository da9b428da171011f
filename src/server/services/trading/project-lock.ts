import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Advisory-lock namespace of "one project's order book and credits"; the second key is the project id. */
export const PROJECT_LOCK_NAMESPACE = 4242;

/**
 * Serialises everything that changes one project's orders or credits (matching, cancels, pool swaps) across
 * every process on the database, until the transaction ends. It must be its own statement: in READ COMMITTED
 * each statement reads a snapshot taken when it starts, so reads that follow see whatever the previous holder
 * committed. Works on PostgreSQL and PGlite.
 */
export async function lockProject(tx: Executor, projectId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PROJECT_LOCK_NAMESPACE}::int, ${projectId}::int)`);
}
