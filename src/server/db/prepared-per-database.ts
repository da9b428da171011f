import type { Database } from './client';

/**
 * A prepared query built on first use and then kept for each database: drizzle's query building costs more than the
 * execution of the short reads every signed-in screen makes. Keyed weakly so that a closed test database takes its
 * prepared queries with it.
 */
export function preparedPerDatabase<Prepared>(prepare: (db: Database) => Prepared): (db: Database) => Prepared {
  const prepared = new WeakMap<Database, Prepared>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = prepare(db)));
    return query;
  };
}
