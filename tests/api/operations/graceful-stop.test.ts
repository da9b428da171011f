import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { freePort, waitUntilOk, type ClusterProcess } from '@scripts/cluster';
import { openSse } from '@tests/api/trading/sse-client';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PURCHASES = 60;
let dataDir: string;
let server: ClusterProcess;

beforeAll(async () => {
  expect(spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' }).status).toBe(0);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'graceful-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, CHAIN_ENABLED: 'false', LOG_LEVEL: process.env.DEBUG_LOG ?? 'warn', LOGIN_RATE_LIMIT_PER_MINUTE: '1000', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  server = { name: 'server', port, url: `http://127.0.0.1:${port}`, process: child, exited };
  await waitUntilOk(server, '/readyz', 90_000);
}, 120_000);

afterAll(async () => {
  if (server?.process.exitCode === null) server.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('finishes the requests in flight, ends streams with a retry hint and exits 0 within 10 s', async () => {
    const register = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'graceful@example.com', password: 'correct horse battery', firstName: 'Grace' }),
    });
    expect(register.status).toBe(201);
    const cookie = String(register.headers.get('set-cookie')).split(';')[0];
    const [project] = (await (await fetch(`${server.url}/api/projects`)).json()) as { id: number; pricePerCredit: string }[];
    const stream = await openSse(`${server.url}/api/trading/stream/${project.id}`);
    await stream.waitFor(/connected/);

    const purchase = () => fetch(`${server.url}/api/credits/purchase`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ projectId: project.id, quantity: 1, pricePerCredit: project.pricePerCredit }),
    }).then((response) => response.status, () => 'refused' as const);
    const answers = Array.from({ length: PURCHASES }, purchase);
    // Stop while most of them are still being handled.
    const first = await Promise.race(answers);
    const stoppedAt = Date.now();
    server.process.kill('SIGTERM');
    const statuses = await Promise.all(answers);
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    await stream.ended;
    expect(stream.text()).toMatch(/retry: 500\n/);

    expect(first).toBe(201);
    // Every request is either answered 201 or was never accepted; none is cut off half way.
    expect(statuses.filter((status) => status !== 201 && status !== 'refused' && status !== 503)).toEqual([]);
    const database = await openDatabase({ dataDir });
    try {
      const result = await database.db.execute(sql`select count(*)::int as n from transactions where type = 'purchase'`);
      const [{ n }] = (result as unknown as { rows: { n: number }[] }).rows;
      expect(n, 'every purchase committed was answered, and every 201 was committed').toBe(statuses.filter((status) => status === 201).length);
    } finally {
      await database.close();
    }
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(1);
  });
});
