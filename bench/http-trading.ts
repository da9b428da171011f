// Issue 17 benchmark: limit orders over HTTP on ONE hot project, `npm start` defaults (embedded database, chain ON),
// 20 accounts, 1-tonne orders that all cross (see support/crossing-orders.ts), at 10 and 50 connections; then the
// same on PostgreSQL (durable commits; BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, a
// fresh database per run; skipped when no server answers). BENCH_SECONDS sets the length of each run (10).
// Run: npm run bench -- http-trading
import { randomBytes } from 'node:crypto';
import { describeCpu, describeLoad, processCpuMs, startServer } from './support/harness';
import { withFreshDatabase } from './support/fresh-database';
import { describeAgainst, loadCrossingOrders, prepareCrossingMarket, runSeconds } from './support/crossing-orders';


async function measure(label: string, env: Record<string, string>, targets: Record<number, { rps?: number; p99Ms?: number }>): Promise<void> {
  const server = await startServer('bench/support/bench-server.ts', { CHAIN_ENABLED: 'true', ...env });
  try {
    const market = await prepareCrossingMarket(server.baseUrl, `trading-${randomBytes(3).toString('hex')}`);
    for (const connections of [10, 50]) {
      const before = processCpuMs(server.pid);
      const result = await loadCrossingOrders(server.baseUrl, market, connections, 4242 + connections);
      const target = targets[connections];
      console.log(target ? describeAgainst(`${label}, ${connections} conn.`, result, target) : describeLoad(`${label}, ${connections} conn.`, result));
      console.log(describeCpu(before, processCpuMs(server.pid), result.total));
    }
    const stats = await (await fetch(`${server.baseUrl}/api/trading/stats/${market.projectId}`)).json();
    console.log(`  → ${JSON.stringify(stats)}`);
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<void> {
  console.log(`  POST /api/trading/orders, 1 project, 20 accounts, 1 t crossing orders, chain on, ${runSeconds()} s per run`);
  // Issue 17: at 10 connections the target is latency alone (p99 < 15 ms); at 50, ≥ 5,000/s with p99 < 50 ms.
  await measure('orders, embedded', {}, { 10: { p99Ms: 15 }, 50: { rps: 5000, p99Ms: 50 } });
  await withFreshDatabase((databaseUrl) =>
    // The targets are at 50 connections; 10 is shown for comparison.
    measure('orders, PostgreSQL', { DATABASE_URL: databaseUrl }, { 50: { rps: 3000 } }),
    { skipWhenUnreachable: 'PostgreSQL variant' });
}
