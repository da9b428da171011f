import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { numberArray, rowsOf } from '@/server/db/sql-values';
import { plainStatements, type StatementRunner } from '@/server/db/statement-runner';

/**
 * Advisory-lock namespace of "one project's order book, pool and credits"; the second key is the project id. Order
 * placement, matching, market orders, every pool operation and retirements take it as the FIRST statement of their
 * transaction, so a swap never interleaves with a match of the same project. Released at commit or rollback.
 */
export const PROJECT_LOCK_NAMESPACE = 4242;

/**
 * The statement every lock below shares: the advisory lock and KEY SHARE on the project row (`project`), then the
 * bump of the project's versions (see projectVersions in the schema), which reads from it and so runs under the lock.
 * A writer of orders moves both versions; every other writer under the lock moves the lots' version alone, so the
 * trading desk knows to read its traders' lots again.
 */
function lockedProject(project: SQL, movesBook: boolean): SQL {
  return sql`
    project as (${project}),
    bumped as (
      insert into project_versions (project_id, book_version, lots_version) select id, 1, 1 from project
      on conflict (project_id) do update set lots_version = project_versions.lots_version + 1
        ${movesBook ? sql`, book_version = project_versions.book_version + 1` : sql``}
      returning book_version, lots_version)`;
}

const lockById = (projectId: number, columns: SQL = sql`id`) => sql`
  select ${columns}, pg_advisory_xact_lock(${PROJECT_LOCK_NAMESPACE}::int, id) from projects where id = ${projectId}::int for key share`;

/**
 * Serialises everything that changes one project's orders or credits (matching, cancels, pool swaps, retirements)
 * across every process on the database, until the transaction ends. It must be its own statement: in READ COMMITTED
 * each statement reads a snapshot taken when it starts, so reads that follow see whatever the previous holder
 * committed. Works on PostgreSQL and PGlite (where transactions are serial anyway and the lock costs one call).
 *
 * The same statement takes KEY SHARE on the project row: a purchase locks the project row first and then its buyer,
 * and taking KEY SHARE first keeps the order "project, then users" everywhere, so a purchase and a trade of the same
 * user cannot deadlock on PostgreSQL. Answers whether the project exists: an unknown project takes no lock, and the
 * caller then finds no project and writes nothing.
 */
export async function lockProject(tx: Executor, projectId: number, statements: StatementRunner = plainStatements): Promise<boolean> {
  return rowsOf(await statements(tx, sql`with ${lockedProject(lockById(projectId), false)} select id from project`)).length > 0;
}

export interface BookLock {
  projectName: string;
  /** The project's versions after this transaction's bump. */
  bookVersion: number;
  lotsVersion: number;
  /** Ids and arrival sequences for the orders the batch may place, drawn under the lock so that sequences follow it. */
  newOrderIds: { id: number; sequence: number }[];
  /**
   * Further sequences, all after those of newOrderIds, for the stops that may trigger in the batch (one per stop
   * waiting in the project and per stop the batch places). The batch hands every sequence out in the order of its
   * events (see runCachedBatch), so a triggered stop ranks after what came before it and before what came after.
   */
  spareSequences: number[];
}

/**
 * lockProject for a writer of the project's ORDERS (the trading desk, a routed market order), in the same single
 * statement: it bumps both versions and reserves `placeCount` order ids and sequences. Null for an unknown project
 * (nothing locked, nothing bumped).
 */
export async function lockBook(
  tx: Executor, projectId: number, placeCount: number, statements: StatementRunner = plainStatements, options: { stopSequences?: number } = {},
): Promise<BookLock | null> {
  // Every batch on the book may trigger the project's waiting stops (orders_pending_stops_idx: nothing to count when none wait).
  const spare = sql`(${options.stopSequences ?? 0}::int
      + (select count(*)::int from orders where project_id = ${projectId}::int and status = 'pending_trigger'))`;
  const result = await statements(tx, sql`
    with ${lockedProject(lockById(projectId, sql`id, name`), true)}
    -- Each id list reads from the bump, so it is drawn after it, under the lock: sequences follow the order in which
    -- batches lock the book.
    select (select book_version::float8 from bumped) as book_version, (select lots_version::float8 from bumped) as lots_version,
      (select name from project) as name,
      array(select nextval('orders_id_seq')::float8 from bumped cross join generate_series(1, ${placeCount}::int)) as ids,
      array(select nextval('orders_sequence_seq')::float8 from bumped cross join generate_series(1, ${spare} + ${placeCount}::int)) as sequences`);
  const row = rowsOf<{ book_version: number | null; lots_version: number; name: string; ids: number[] | string; sequences: number[] | string }>(result)[0];
  if (row === undefined || row.book_version === null) return null;
  const ids = numberArray(row.ids);
  const sequences = numberArray(row.sequences);
  return {
    projectName: row.name,
    bookVersion: Number(row.book_version),
    lotsVersion: Number(row.lots_version),
    newOrderIds: ids.map((id, index) => ({ id, sequence: sequences[index] })),
    spareSequences: sequences.slice(ids.length),
  };
}

/**
 * Takes the same locks when only a pool id is known; the key is still (4242, the pool's project id), read in the
 * same statement so that the lock remains the first statement. Returns the project id, or null when there is no
 * such pool (nothing is locked then).
 */
export async function lockPoolProject(tx: Executor, poolId: number): Promise<number | null> {
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`
    with ${lockedProject(sql`
      select projects.id, pg_advisory_xact_lock(${PROJECT_LOCK_NAMESPACE}::int, projects.id)
      from pools join projects on projects.id = pools.project_id where pools.id = ${poolId} for key share of projects`, false)}
    select id from project`));
  return rows[0]?.id ?? null;
}
