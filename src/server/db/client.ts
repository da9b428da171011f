import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { PROJECT_ROOT } from '@/server/project-root';
import { startEmbeddedVacuum, type VacuumTarget } from './embedded-vacuum';
import { RemotePglite } from './pglite-remote';
import { leanTypeParsers } from './lean-type-parsers';
import { withNamedReads } from './named-reads';

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
  options: { databaseUrl?: string; dataDir: string; loadDataDir?: Blob | File; embeddedCacheMb?: number; embeddedVacuumIntervalMs?: number; embeddedThread?: boolean },
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
  if (options.embeddedThread && !options.loadDataDir && !options.dataDir.startsWith('memory://')) {
    // The engine on a thread of its own (pglite-remote.ts): drizzle calls the same methods, sent as messages. Not for
    // in-memory databases (tests, which clone them through `pglite`) nor one loaded from a dump.
    const remote = new RemotePglite({ dataDir: options.dataDir, ...(startParams ? { startParams } : {}) });
    await remote.waitReady;
    const db = drizzlePglite(remote as unknown as PGlite, { schema }) as unknown as Database;
    const vacuum = startVacuum(remote, options.embeddedVacuumIntervalMs);
    return { db, kind: 'pglite', close: async () => { await vacuum?.stop(); await remote.close(); } };
  }
  const pglite = new PGlite(options.dataDir, { ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), ...(startParams ? { startParams } : {}) });
  await pglite.waitReady;
  await leanTypeParsers(pglite);
  const db = drizzlePglite(withNamedReads(pglite), { schema }) as unknown as Database;
  // PGlite runs no autovacuum: the server schedules it (see embedded-vacuum.ts).
  const vacuum = startVacuum(pglite, options.embeddedVacuumIntervalMs);
  return { db, kind: 'pglite', pglite, close: async () => { await vacuum?.stop(); await pglite.close(); } };
}

const startVacuum = (pglite: VacuumTarget, intervalMs: number | undefined) => intervalMs
  ? startEmbeddedVacuum(pglite, { intervalMs, onError: (error) => console.error('[db] vacuum failed:', error) })
  : null;

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
