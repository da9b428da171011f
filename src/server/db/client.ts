import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { PROJECT_ROOT } from '../project-root';
import { startEmbeddedVacuum } from './embedded-vacuum';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: services accept both so they compose. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The PGlite instance, for tests that clone a migrated template. */
  pglite?: PGlite;
  /** The pg pool, for LISTEN/NOTIFY fan-out between processes. */
  pool?: pg.Pool;
}

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

// bigint columns come back as strings from pg by default; drizzle's mode: 'bigint' converts them.
export async function openDatabase(
  options: { databaseUrl?: string; dataDir: string; loadDataDir?: Blob | File; embeddedCacheMb?: number; embeddedVacuumIntervalMs?: number },
): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection the server closes (restart, admin termination) must not crash the process: the pool drops
    // it and opens a new one; a query in flight still fails through its own promise.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  // PostgreSQL's default 128 MB page cache fills the WebAssembly heap as pages are touched and is never given back; the
  // operating system's file cache keeps the rest of a file-backed database close at hand anyway.
  const startParams = options.embeddedCacheMb ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.embeddedCacheMb}MB`] : undefined;
  const pglite = new PGlite(options.dataDir, { ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), ...(startParams ? { startParams } : {}) });
  await pglite.waitReady;
  await leanTypeParsers(pglite);
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  // PGlite runs no autovacuum: the server schedules it (see embedded-vacuum.ts).
  const vacuum = options.embeddedVacuumIntervalMs
    ? startEmbeddedVacuum(pglite, { intervalMs: options.embeddedVacuumIntervalMs, onError: (error) => console.error('[db] vacuum failed:', error) })
    : null;
  return { db, kind: 'pglite', pglite, close: async () => { await vacuum?.stop(); await pglite.close(); } };
}

type TypeParser = (value: string, typeId: number) => unknown;

/**
 * PGlite copies all its type parsers (23 defaults and ~300 array types, integer keys: a slow, dictionary-mode copy)
 * into a new object for every query that passes parsers of its own, and drizzle and the hot-path runner pass them on
 * every statement: about 80 µs of the main thread per statement, and the garbage. Where a lookup in that merged copy
 * finds nothing, PGlite falls back to its module's default parsers. So the built-in array types (fixed oids) join
 * those defaults, and the instance keeps its own parsers on a prototype: its lookups still find them there, while
 * the copy, which takes own properties only, has nothing to copy. Every result is parsed as before
 * (tests/api/foundation/type-parsers.test.ts).
 */
async function leanTypeParsers(pglite: PGlite): Promise<void> {
  const defaults = (types as unknown as { parsers: Record<number, TypeParser> }).parsers;
  const arrayParser = (types as unknown as { arrayParser: (value: string, element: TypeParser | undefined, typeId: number) => unknown }).arrayParser;
  const arrays = await pglite.query<{ element: number; array: number }>(`
    select b.oid as element, b.typarray as array from pg_catalog.pg_type a join pg_catalog.pg_type b on b.oid = a.typelem
    where a.typcategory = 'A' and b.typarray < 16384 group by b.oid, b.typarray`);
  // As PGlite builds its own array parsers, the element's parser looked up when a value is parsed.
  for (const { element, array } of arrays.rows) defaults[array] ??= (value, typeId) => arrayParser(value, defaults[element], typeId);
  const instance = pglite as unknown as { parsers: object };
  instance.parsers = Object.create(instance.parsers) as object;
}

/** Applies the generated migrations; on PostgreSQL under an advisory lock so two processes never race. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7243001)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7243001)').catch(() => undefined);
    client.release();
  }
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
