// Issue 17 benchmark: limit orders over HTTP on ONE hot project, `npm start` defaults (embedded database, chain ON),
// 20 accounts, 1-tonne orders that all cross (see support/crossing-orders.ts), at 10 and 50 connections; then the
// same on PostgreSQL (durable commits; BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, a
// fresh database per run; skipped when no server answers). BENCH_SECONDS sets the length of each run (10).
// Run: npm run bench -- http-trading
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureDatabase } from '../scripts/cluster';
import { describeCpu, processCpuMs, startServer } from './support/harness';
import { describeAgainst, loadCrossingOrders, prepareCrossingMarket, runSeconds } from './support/crossing-orders';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function measure(label: string, env: Record<string, string>, targets: Record<number, { rps: number; p99Ms?: number }>): Promise<void> {
  const server = await startServer('bench/support/bench-server.ts', { CHAIN_ENABLED: 'true', ...env });
  try {
    const market = await prepareCrossingMarket(server.baseUrl, `trading-${randomBytes(3).toString('hex')}`);
    for (const connections of [10, 50]) {
      const before = processCpuMs(server.pid);
      const result = await loadCrossingOrders(server.baseUrl, market, connections, 4242 + connections);
      console.log(describeAgainst(`${label}, ${connections} conn.`, result, targets[connections]));
      console.log(describeCpu(before, processCpuMs(server.pid), result.total));
    }
    const stats = await (await fetch(`${server.baseUrl}/api/trading/stats/${market.projectId}`)).json();
    console.log(`  → ${JSON.stringify(stats)}`);
  } finally {
    await server.stop();
  }
}

async function withFreshDatabase(task: (url: string) => Promise<void>): Promise<void> {
  const url = new URL(SERVER_URL);
  const name = `carbon_bench_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${name}`;
  try {
    await ensureDatabase(url.toString());
  } catch (error) {
    console.log(`  (PostgreSQL variant skipped: ${(error as Error).message})`);
    return;
  }
  try {
    await task(url.toString());
  } finally {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export async function run(): Promise<void> {
  console.log(`  POST /api/trading/orders, 1 project, 20 accounts, 1 t crossing orders, chain on, ${runSeconds()} s per run`);
  await measure('orders, embedded', {}, { 10: { rps: 5000, p99Ms: 15 }, 50: { rps: 5000, p99Ms: 50 } });
  await withFreshDatabase((databaseUrl) =>
    measure('orders, PostgreSQL', { DATABASE_URL: databaseUrl }, { 10: { rps: 3000 }, 50: { rps: 3000 } }));
}
