// A fresh PostgreSQL database for one benchmark round, dropped afterwards: BENCH_DATABASE_URL names the server
// (default postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureDatabase } from '@scripts/cluster';

const BENCH_SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs `task` on a new database. With `skipWhenUnreachable`, a server that does not answer skips the round (with a
 * line saying so) instead of failing the benchmark.
 */
export async function withFreshDatabase<T>(
  task: (url: string) => Promise<T>, options: { skipWhenUnreachable?: string } = {},
): Promise<T | undefined> {
  const url = new URL(BENCH_SERVER_URL);
  const name = `carbon_bench_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${name}`;
  try {
    await ensureDatabase(url.toString());
  } catch (error) {
    if (options.skipWhenUnreachable === undefined) throw error;
    console.log(`  (${options.skipWhenUnreachable} skipped: ${(error as Error).message})`);
    return undefined;
  }
  try {
    return await task(url.toString());
  } finally {
    const admin = new pg.Client({ connectionString: BENCH_SERVER_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
