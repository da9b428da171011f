// A marketplace server for benchmarks: fresh embedded database in a temp dir, rich demo accounts, no logs.
// Prints `READY <port>` on stdout once listening. Extra environment is passed through (e.g. CHAIN_ENABLED).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { createAppDeps } from '../../src/server/bootstrap';
import { buildApp } from '../../src/server/app';
import { sql } from 'drizzle-orm';

const config = loadConfig({
  CHAIN_ENABLED: 'false',
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  DATA_DIR: process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-')),
  DEMO_CASH_CENTS: '100000000000',
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
});
const deps = await createAppDeps(config);
// BENCH_SUPPLY_MULTIPLIER: every project issues this many times its demo supply (issued = available + Σ holdings still
// holds), so that a long run of purchases does not sell the catalogue out and measure refusals instead.
const supplyMultiplier = Number(process.env.BENCH_SUPPLY_MULTIPLIER ?? 1);
if (Number.isInteger(supplyMultiplier) && supplyMultiplier > 1) {
  await deps.db.execute(sql`update projects set total_issued = total_issued * ${supplyMultiplier},
    available_credits = available_credits + total_issued * ${supplyMultiplier - 1}`);
}
const app = await buildApp(deps, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
