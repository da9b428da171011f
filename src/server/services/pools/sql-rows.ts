import { sql, type SQL } from 'drizzle-orm';

/** One statement of a combined write: a data-modifying query, optionally `returning` something `name` exposes. */
export interface NamedStatement {
  name: string;
  body: SQL;
}

/**
 * `with a as (…), b as (…) <select>`: several writes sent as ONE statement, so that an operation costs one round
 * trip however many rows it touches. PostgreSQL runs every data-modifying CTE exactly once, on one snapshot, so
 * the statements must not touch the same row twice (each lot, pool and account appears once).
 */
export function combineStatements(statements: readonly NamedStatement[], select: SQL): SQL {
  if (statements.length === 0) return select;
  return sql`with ${sql.join(statements.map((statement) => sql`${sql.raw(statement.name)} as (${statement.body})`), sql`, `)} ${select}`;
}
