/**
 * Reads whose generic plan is as good as a fresh one for any parameters, executed with it on the embedded database
 * (named-reads.ts). Left to itself PostgreSQL plans such a read afresh on every execution when it carries a LIMIT or
 * OFFSET parameter: it guesses a tenth of the rows for an unknown limit, so the generic plan always looks costlier
 * than the custom ones, and planning a read with joins costs about 0.4 ms of WebAssembly on the main thread, more than
 * running it. Mark only a read whose conditions on constant values are literals in its text (a parameter cannot prove
 * a partial index's condition) and whose best index is the same whatever its parameters (the user's own, in order),
 * and only where planning costs more than the SET and RESET sent around each execution: marked, the account row's
 * lookup by primary key cost its request 15% more main thread.
 */
const texts = new Set<string>();

/** Marks a prepared drizzle query's text as one to execute with its generic plan; answers the query. */
export function withGenericPlan<Prepared extends { getQuery(): { sql: string } }>(prepared: Prepared): Prepared {
  texts.add(prepared.getQuery().sql);
  return prepared;
}

export const hasGenericPlan = (text: string): boolean => texts.has(text);
