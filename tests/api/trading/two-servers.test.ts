import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '@/server/app-deps';
import { createAppDeps } from '@/server/bootstrap';
import { testConfig } from '@/server/config';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { buildCheckedApp, createTestApp, type TestApp } from '@tests/support/test-app';
import { newTrader, placeOrder, type Trader } from './trading-kit';
import { openSse } from './sse-client';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

// Two servers on one database. On PostgreSQL (TEST_DATABASE_URL) the second has its own pool and its own
// MarketEvents, so matching is serialised only by the advisory lock and notices travel only through
// LISTEN/NOTIFY. On PGlite the second app shares the first one's database handle (one process).
let a: TestApp;
let b: { app: FastifyInstance; deps: AppDeps; close(): Promise<void> };
let project: Project;
let traders: Trader[];

beforeAll(async () => {
  a = await createTestApp(ROOMY_RATE_LIMIT);
  const url = a.deps.config.databaseUrl;
  const deps = url ? await createAppDeps(testConfig({ ...ROOMY_RATE_LIMIT, databaseUrl: url })) : a.deps;
  const app = await buildCheckedApp(deps, { clientDist: '/nonexistent' });
  await app.ready();
  b = { app, deps, close: async () => { await app.close(); if (deps !== a.deps) await deps.database.close(); } };
  project = await findProject(a.app, 'Bangladesh Efficient Brick Kilns');
  traders = [];
  for (let i = 0; i < 8; i++) traders.push(await newTrader(a.app, project, 40, `Twin ${i}`));
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two servers on one database', () => {
  it('tells the other server\'s live streams about a change within a second', async () => {
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/api/trading/stream/${project.id}`);
    try {
      await stream.waitFor(/connected/);
      const placed = await placeOrder(a.app, traders[0], { projectId: project.id, orderType: 'sell', quantity: 1, pricePerCredit: '7.60' });
      expect(placed.statusCode).toBe(201);
      await stream.waitFor(/event: market/, 1000);
    } finally {
      stream.close();
    }
  });

  it('never matches the same order twice when both take orders at once', async () => {
    const requests = Array.from({ length: 300 }, (_, i) => {
      const app = i % 2 === 0 ? a.app : b.app;
      const trader = traders[i % traders.length];
      const orderType = (i * 7) % 3 === 0 ? 'sell' : 'buy';
      const priceCents = 740 + ((i * 13) % 41);
      return () => placeOrder(app, trader, { projectId: project.id, orderType, quantity: 1 + (i % 5), pricePerCredit: (priceCents / 100).toFixed(2) });
    });
    let cursor = 0;
    const statuses: number[] = [];
    await Promise.all(Array.from({ length: 30 }, async () => {
      while (cursor < requests.length) statuses.push((await requests[cursor++]()).statusCode);
    }));
    expect(statuses.filter((status) => status !== 201 && status !== 422)).toEqual([]);
    await assertLedgerInvariants(a.deps.db);
  });
});
