import { createHash } from 'node:crypto';
import { types, type QueryOptions, type Results } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

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
 * about a tenth of a batch's database time. Same answer shape ({ rows }); elsewhere it goes through drizzle.
 */
async function simpleQuery(executor: Executor, text: string): Promise<unknown> {
  const client = (executor as unknown as { session?: { client?: Partial<SimpleQueryClient> } }).session?.client;
  if (typeof client?.exec !== 'function') return executor.execute(sql.raw(text));
  const results = await client.exec(text, RAW_TIMES);
  return results[results.length - 1];
}

/**
 * For PGlite, where planning runs in WebAssembly on the main thread and costs a third of a trading statement:
 * each statement shape is PREPAREd once per database session and then EXECUTEd, so its plan is reused. The
 * statements are written to plan well without statistics, so a generic plan is as good as a fresh one.
 * Parameters become quoted literals of the EXECUTE: these statements carry only numbers, ids, array and JSON
 * texts built by the server, and quoting doubles every quote, so no value can end the literal. A statement lost with
 * a rolled-back PREPARE is prepared again on next use. (PostgreSQL plans natively and fast: it uses plain statements.)
 */
export function preparedStatements(): StatementRunner {
  const prepared = new Set<string>();
  return async (executor, query) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = `trading_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (!prepared.has(name)) {
      const existing = await executor.execute(sql`select exists (select 1 from pg_prepared_statements where name = ${name}) as found`);
      if (!(existing as { rows: { found: boolean }[] }).rows[0].found) await executor.execute(sql.raw(`prepare ${name} as ${text}`));
      prepared.add(name);
    }
    try {
      return await simpleQuery(executor, params.length === 0 ? `execute ${name}` : `execute ${name}(${params.map(literal).join(', ')})`);
    } catch (error) {
      // A PREPARE inside a transaction that rolled back may be gone: check again next time.
      prepared.delete(name);
      throw error;
    }
  };
}
