// Issue 17: what one order batch costs the main thread, in process (no HTTP, no chain). The real app on a file-backed
// embedded database, 20 accounts holding 500 t of one project, then batches of BENCH_BATCH (35) 1 t limit orders
// that all cross (the http-trading workload) run through the trading desk's runBatch with the app's statement runner.
// After BENCH_WARM_BATCHES (100), BENCH_BATCHES (300) are measured: process CPU, wall time and time inside PGlite
// (its protocol calls, timed) per batch, and per statement kind.
// Run: npm run bench -- trading-desk
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@/server/config';
import { closeAppDeps, createAppDeps } from '@/server/bootstrap';
import { buildApp } from '@/server/app';
import { newProjectCache, runBatch, type DeskCommand } from '@/server/services/trading/run-batch';
import { mulberry32 } from '@/domain/mrv/seeded-random';
import { timePglite } from './support/pglite-timing';

const BATCH = Number(process.env.BENCH_BATCH ?? 35);
const WARM = Number(process.env.BENCH_WARM_BATCHES ?? 100);
const MEASURED = Number(process.env.BENCH_BATCHES ?? 300);

export async function run(): Promise<void> {
  const pglite = timePglite();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carbon-desk-'));
  // The database on this thread: the timing reads PGlite's calls here, and the CPU per batch is all of it.
  const deps = await createAppDeps(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CHAIN_ENABLED: 'false', DEMO_CASH_CENTS: '100000000000', LOGIN_RATE_LIMIT_PER_MINUTE: '100000', EMBEDDED_DB_THREAD: 'false' }));
  const app = await buildApp(deps, { logger: false } as never);
  try {
    await app.ready();
    const project = (JSON.parse((await app.inject({ method: 'GET', url: '/api/projects' })).body) as { id: number; name: string; pricePerCredit: string }[])
      .find((candidate) => candidate.name === 'Amazon Rainforest Conservation')!;
    const users: number[] = [];
    for (let i = 0; i < 20; i++) {
      const signedUp = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `desk${i}@bench.example`, password: 'benchmark-password', firstName: 'Desk' } });
      const cookie = String(signedUp.headers['set-cookie']).split(';')[0];
      users.push((JSON.parse(signedUp.body) as { id: number }).id);
      const bought = await app.inject({ method: 'POST', url: '/api/credits/purchase', headers: { cookie }, payload: { projectId: project.id, quantity: 500, pricePerCredit: project.pricePerCredit } });
      if (bought.statusCode !== 201) throw new Error(`purchase failed: ${bought.body}`);
    }
    // Each account alternates buying at or above the list price and selling at or below it, so every order crosses.
    const midCents = BigInt(project.pricePerCredit.replace('.', ''));
    const next = mulberry32(4242);
    let count = 0;
    const commands = (): DeskCommand[] => Array.from({ length: BATCH }, () => {
      const index = count++;
      const buying = Math.floor(index / users.length) % 2 === 0;
      const offsetCents = BigInt(Math.floor(next() * 51));
      return { kind: 'limit', userId: users[index % users.length], side: buying ? 'buy' : 'sell', priceCents: buying ? midCents + offsetCents : midCents - offsetCents, quantity: 1 };
    });
    const cache = newProjectCache();
    let wallMs = 0;
    let cpu = process.cpuUsage();
    for (let batch = 0; batch < WARM + MEASURED; batch++) {
      if (batch === WARM) {
        pglite.start();
        wallMs = 0;
        cpu = process.cpuUsage();
      }
      const startedMs = performance.now();
      const { outcomes } = await runBatch(deps.db, cache, project.id, commands(), new Date(), deps.statements);
      wallMs += performance.now() - startedMs;
      if (outcomes.some((outcome) => !outcome.ok)) throw new Error('a bench order was refused');
    }
    const used = process.cpuUsage(cpu);
    const inPglite = [...pglite.spent.values()].reduce((sum, entry) => sum + entry.ms, 0);
    const per = (ms: number) => `${(ms / MEASURED).toFixed(2)} ms`;
    console.log(`  ${MEASURED} batches of ${BATCH} crossing orders, in process: per batch CPU ${per((used.user + used.system) / 1000)}, wall ${per(wallMs)}, inside PGlite ${per(inPglite)} (${(inPglite / MEASURED / BATCH * 1000).toFixed(0)} µs an order)`);
    for (const [kind, { ms }] of [...pglite.spent].sort((a, b) => b[1].ms - a[1].ms).slice(0, 6)) console.log(`    ${per(ms).padStart(8)}  ${kind}`);
  } finally {
    await app.close();
    await closeAppDeps(deps);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
