// Issue 16 benchmarks. (1) The compiled server (`node dist/server/main.js`, what `npm start` runs) against the same
// server transpiled at run time (`node --import tsx src/server/main.ts`) on POST /api/credits/purchase, embedded
// database, chain off. (2) Limit orders/s from one app instance against two instances sharing one PostgreSQL database
// (a fresh database each, chain off, load split evenly over the instances). Needs PostgreSQL on 127.0.0.1:5432
// (BENCH_DATABASE_URL to change the server).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { freePort, waitUntilOk, type ClusterProcess } from '@scripts/cluster';
import { mulberry32 as random } from '@/domain/mrv/seeded-random';
import { describeLoad, load, signUpMany, type LoadResult } from './support/harness';
import { withFreshDatabase } from './support/fresh-database';

const ROOT = path.resolve(import.meta.dirname, '..');
const ACCOUNTS = 20;

async function startInstance(args: string[], env: Record<string, string>): Promise<ClusterProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), CHAIN_ENABLED: 'false', LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT_PER_MINUTE: '100000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const instance = { name: args.join(' '), port, url: `http://127.0.0.1:${port}`, process: child, exited };
  await waitUntilOk(instance, '/readyz', 120_000);
  return instance;
}

async function stop(instance: ClusterProcess): Promise<void> {
  instance.process.kill('SIGTERM');
  await instance.exited;
}

async function projectOf(url: string) {
  const projects = (await (await fetch(`${url}/api/projects`)).json()) as { id: number; name: string; pricePerCredit: string }[];
  return projects.find((project) => project.name === 'Amazon Rainforest Conservation')!;
}

async function purchases(url: string): Promise<LoadResult> {
  const project = await projectOf(url);
  const cookies = await signUpMany(url, ACCOUNTS, 'ops');
  let count = 0;
  return load({
    url: `${url}/api/credits/purchase`, method: 'POST', connections: 20, headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ projectId: project.id, quantity: 1, pricePerCredit: project.pricePerCredit }),
    requests: [{ setupRequest: (request: { headers?: Record<string, string> }) => ({ ...request, headers: { ...request.headers, cookie: cookies[count++ % cookies.length] } }) }],
  });
}

async function orders(urls: string[], seed: number): Promise<LoadResult[]> {
  const project = await projectOf(urls[0]);
  const cookies = await signUpMany(urls[0], ACCOUNTS, `orders-${seed}`);
  for (const cookie of cookies) {
    await fetch(`${urls[0]}/api/credits/purchase`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ projectId: project.id, quantity: 2000, pricePerCredit: project.pricePerCredit }),
    });
  }
  const midCents = Number(project.pricePerCredit.replace('.', ''));
  return Promise.all(urls.map((url, index) => {
    const next = random(seed + index);
    let count = index;
    return load({
      url: `${url}/api/trading/orders`, method: 'POST', connections: 40 / urls.length, headers: { 'content-type': 'application/json' },
      requests: [{
        setupRequest: (request: { headers?: Record<string, string> }) => {
          const cookie = cookies[count++ % cookies.length];
          const orderType = next() < 0.5 ? 'buy' : 'sell';
          const priceCents = midCents - 50 + Math.floor(next() * 101);
          const body = { projectId: project.id, orderType, quantity: 1 + Math.floor(next() * 3), pricePerCredit: (priceCents / 100).toFixed(2) };
          return { ...request, headers: { ...request.headers, cookie }, body: JSON.stringify(body) };
        },
      }],
    });
  }));
}

export async function run(): Promise<void> {
  if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('server build failed');
  for (const [label, args] of [['compiled (dist/server/main.js)', ['dist/server/main.js']], ['--import tsx (src/server/main.ts)', ['--import', 'tsx', 'src/server/main.ts']]] as const) {
    const instance = await startInstance([...args], { DATA_DIR: 'memory://' });
    try {
      console.log(describeLoad(`purchase, ${label}`, await purchases(instance.url)));
    } finally {
      await stop(instance);
    }
  }
  for (const count of [1, 2]) {
    await withFreshDatabase(async (databaseUrl) => {
      const instances: ClusterProcess[] = [];
      try {
        for (let i = 0; i < count; i++) instances.push(await startInstance(['dist/server/main.js'], { DATABASE_URL: databaseUrl }));
        const results = await orders(instances.map((instance) => instance.url), 1600 + count);
        results.forEach((result, index) => console.log(describeLoad(`orders, ${count} instance(s): #${index + 1}`, result)));
        const total = results.reduce((sum, result) => sum + result.requestsPerSecond, 0);
        console.log(`  → ${count} instance(s) on one PostgreSQL: ${Math.round(total).toLocaleString('en-US')} orders/s in total (40 connections)`);
      } finally {
        for (const instance of instances) await stop(instance);
      }
    });
  }
}
