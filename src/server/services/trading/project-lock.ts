import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { plainStatements, type StatementRunner } from '../../db/statement-runner';

/** Advisory-lock namespace of "one project's order book and credits"; the second key is the project id. */
export const PROJECT_LOCK_NAMESPACE = 4242;

/**
 * Serialises everything that changes one project's orders or credits (matching, cancels, pool swaps) across
 * every process on the database, until the transaction ends. It must be its own statement: in READ COMMITTED
 * each statement reads a snapshot taken when it starts, so reads that follow see whatever the previous holder
 * committed. Works on PostgreSQL and PGlite (where transactions are serial anyway and the lock costs one call).
 *
 * The same statement takes KEY SHARE on the project row. Trading inserts rows that reference the project (orders,
 * holdings, trades), which takes that lock anyway, but only after the batch has locked its users; a purchase locks
 * the project row first and then its buyer. Taking KEY SHARE first keeps the order "project, then users" everywhere,
 * so a purchase and a trade of the same user cannot deadlock on PostgreSQL. An unknown project takes no lock, and
 * the batch then finds no project and writes nothing.
 */
export async function lockProject(tx: Executor, projectId: number, statements: StatementRunner = plainStatements): Promise<void> {
  await statements(tx, sql`
    select pg_advisory_xact_lock(${PROJECT_LOCK_NAMESPACE}::int, id) from projects where id = ${projectId}::int for key share`);
}
