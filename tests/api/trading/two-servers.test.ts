import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '@/server/app-deps';
import { createAppDeps } from '@/server/bootstrap';
import { testConfig } from '@/server/config';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { buildCheckedApp, createTestApp, type TestApp } from '@tests/support/test-app';
import { sql } from 'drizzle-orm';
import { newTrader, placeOrder, queryRows, type Trader } from './trading-kit';
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

  it('triggers stops placed through one server once, when trades through both reach them, and both then see them in the book', async () => {
    const other = await findProject(a.app, 'Guatemala Highland Agroforestry');
    const [seller, buyer, stopper] = [await newTrader(a.app, other, 20, 'Tape'), await newTrader(a.app, other, 0, 'Tape'), await newTrader(a.app, other, 0, 'Stops')];
    const trade = async (app: FastifyInstance, price: string) => {
      expect((await placeOrder(app, seller, { projectId: other.id, orderType: 'sell', quantity: 1, pricePerCredit: price })).statusCode).toBe(201);
      expect((await placeOrder(app, buyer, { projectId: other.id, orderType: 'buy', quantity: 1, pricePerCredit: price, timeInForce: 'IOC' })).json().trades).toHaveLength(1);
    };
    await trade(a.app, '10.00');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await placeOrder(a.app, stopper, { projectId: other.id, orderType: 'buy', quantity: 1, pricePerCredit: '9.00', stopPrice: '10.50' })).json().order.id);
    }
    // Both servers trade at the stop price at once: whichever batch reaches them first triggers them, once.
    await Promise.all([trade(b.app, '10.50'), trade(a.app, '10.50')]);
    const rows = await queryRows<{ status: string; triggered: boolean }>(a.deps, sql`
      select status, triggered_at is not null as triggered from orders where id = any(${`{${ids.join(',')}}`}::int[]) order by id`);
    expect(rows).toEqual(ids.map(() => ({ status: 'open', triggered: true })));
    // The triggered stops rest as bids at 9.00: a sell through the other server fills them all.
    const sold = await placeOrder(b.app, seller, { projectId: other.id, orderType: 'sell', quantity: 4, pricePerCredit: '9.00', timeInForce: 'IOC' });
    expect(sold.json().order).toMatchObject({ status: 'filled', filledQuantity: 4 });
    await assertLedgerInvariants(a.deps.db);
  });
});
