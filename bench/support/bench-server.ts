// A marketplace server for benchmarks: fresh embedded database in a temp dir, rich demo accounts, no logs.
// Prints `READY <port>` on stdout once listening. Extra environment is passed through (e.g. CHAIN_ENABLED).
// BENCH_TIME_PGLITE=1 prints every 5 s on stderr where the embedded database's time went, by statement (the database
// then runs on the main thread, EMBEDDED_DB_THREAD=false, where the timing can see it).
// BENCH_EXTRA_ISSUANCE tonnes are added to every project's issuance (and stock) before serving, so that long purchase
// runs never meet a sold-out project: every request of a run is then valid, and runs compare the same work.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '@/server/config';
import { createAppDeps } from '@/server/bootstrap';
import { buildApp } from '@/server/app';
if (process.env.BENCH_TIME_PGLITE) (await import('./pglite-timing')).reportPgliteTime();

const config = loadConfig({
  CHAIN_ENABLED: 'false',
  ...process.env,
  // The timing patches PGlite in this thread: the database stays here when it is asked for.
  ...(process.env.BENCH_TIME_PGLITE ? { EMBEDDED_DB_THREAD: 'false' } : {}),
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  DATA_DIR: process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-')),
  DEMO_CASH_CENTS: '100000000000',
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
});
const deps = await createAppDeps(config);
const extraIssuance = Number(process.env.BENCH_EXTRA_ISSUANCE ?? 0);
if (extraIssuance > 0) {
  // Issued = available + held stays true: both grow by the same amount; the serials above the old issue are unsold.
  await deps.db.execute(sql`update projects set total_issued = total_issued + ${extraIssuance}, available_credits = available_credits + ${extraIssuance}`);
  deps.events.publish({ type: 'catalogue' });
}
const app = await buildApp(deps, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
// A profiled server (BENCH_SERVER_NODE_ARGS) must exit normally for Node to write its profile.
process.once('SIGTERM', () => process.exit(0));
