import { createHash } from 'node:crypto';
import { types, type QueryOptions, type Results } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { flattenSql } from './flatten-sql';
import { replanDue } from './replan-schedule';

/** Runs one of the hot-path statements (purchases, trading, swaps); the embedded database gets prepared ones. */
export type StatementRunner = (executor: Executor, query: SQL) => Promise<unknown>;

export const plainStatements: StatementRunner = (executor, query) => executor.execute(query);

const dialect = new PgDialect();
const literal = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;

/** PGlite (or its open transaction) under a drizzle executor: what `simpleQuery` sends an EXECUTE through. */
type SimpleQueryClient = { exec(query: string, options?: QueryOptions): Promise<Results[]> };

/** Dates and times as PostgreSQL writes them, as drizzle's own raw queries return them. */
const RAW_TIMES: QueryOptions = {
  parsers: Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1115, 1185, 1187, 1182, 1231]
    .map((oid) => [oid, (value: string) => value])),
};

/**
 * Sends a statement that carries no parameters as ONE simple-protocol message where the executor is PGlite: the
 * extended protocol drizzle uses costs four more calls into the WebAssembly engine (bind, describe, execute, sync),
 * about a tenth of a batch's database time. `around` wraps it in statements that run in the same message (their
 * answers are dropped). Same answer shape ({ rows }); elsewhere the statement alone goes through drizzle.
 */
async function simpleQuery(executor: Executor, text: string, around: { before: string; after: string }): Promise<unknown> {
  const client = (executor as unknown as { session?: { client?: Partial<SimpleQueryClient> } }).session?.client;
  if (typeof client?.exec !== 'function') return executor.execute(sql.raw(text));
  const results = await client.exec(`${around.before}${text};${around.after}`, RAW_TIMES);
  return results[results.length - 1 - statementsIn(around.after)];
}

const statementsIn = (text: string) => text.split(';').length - 1;

/**
 * For PGlite, where planning runs in WebAssembly on the main thread and costs a third of a trading statement:
 * each statement shape is PREPAREd once per database session and then EXECUTEd, so its plan is reused. The
 * statements are written to plan well without statistics, so a generic plan is as good as a fresh one.
 * Parameters become quoted literals of the EXECUTE: these statements carry only numbers, ids, array and JSON
 * texts built by the server, and quoting doubles every quote, so no value can end the literal. A statement lost with
 * a rolled-back PREPARE is prepared again on next use. (PostgreSQL plans natively and fast: it uses plain statements.)
 *
 * The plan is forced generic: left to itself PostgreSQL plans a statement with array parameters afresh on every
 * execution whenever its generic plan looks costlier than the custom ones (the order desk's lock statement, planned
 * on every batch, cost twice what it costs with its generic plan).
 *
 * A reused plan is the one chosen when the tables were small, and with no statistics the planner then prefers to
 * read a whole table: a seq scan of holdings chosen over its primary key in the first seconds stayed, and each batch
 * read every lot ever written. So these statements are planned with seq scans off (each is written to reach its
 * rows by an index), and the plans are dropped when any statement reaches its own 64th, 128th, 256th… execution, to be
 * planned again at the tables' new size: the cost of a replan stays a vanishing share, and no statement's plan is
 * older than half its executions (counted over all statements, a shape first used late, such as the swaps' read after
 * a long run of orders, kept the plan of its first execution for thousands of batches).
 */
export function preparedStatements(): StatementRunner {
  const prepared = new Set<string>();
  /** Each statement text's name, so the text is hashed once, not on every execution. */
  const names = new Map<string, string>();
  /** Executions of each statement: a shape first used late (swaps after an hour of orders) is replanned early too. */
  const executionsOf = new Map<string, number>();
  return async (executor, query) => {
    const { sql: text, params } = flattenSql(query, dialect);
    let name = names.get(text);
    if (name === undefined) {
      name = `trading_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    if (!prepared.has(name)) {
      const existing = await executor.execute(sql`select exists (select 1 from pg_prepared_statements where name = ${name}) as found`);
      if (!(existing as { rows: { found: boolean }[] }).rows[0].found) await executor.execute(sql.raw(`prepare ${name} as ${text}`));
      prepared.add(name);
    }
    const executions = (executionsOf.get(name) ?? 0) + 1;
    executionsOf.set(name, executions);
    const replan = replanDue(executions);
    try {
      return await simpleQuery(executor, params.length === 0 ? `execute ${name}` : `execute ${name}(${params.map(literal).join(', ')})`, {
        before: `${replan ? 'discard plans;' : ''}set enable_seqscan = off;set plan_cache_mode = force_generic_plan;`,
        after: 'reset enable_seqscan;reset plan_cache_mode;',
      });
    } catch (error) {
      // A PREPARE inside a transaction that rolled back may be gone: check again next time.
      prepared.delete(name);
      throw error;
    }
  };
}
