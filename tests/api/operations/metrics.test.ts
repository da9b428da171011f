import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../../src/shared/schemas/project';
import { buyCredits, findProject, postJson, ROOMY_RATE_LIMIT } from '../../support/api-calls';
import { sampleValue, scrapeMetrics } from '../../support/prometheus';
import { createTestApp, type TestApp } from '../../support/test-app';
import { createPool, swap } from '../pools/pool-kit';
import { retire } from '../retirement/retirement-kit';
import { marketOrder, newTrader, placeOrder } from '../trading/trading-kit';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let project: Project;

beforeAll(async () => {
  t = await createTestApp({ ...ROOMY_RATE_LIMIT, metricsToken: TOKEN });
  project = await findProject(t.app, 'Bangladesh Efficient Brick Kilns');
});
afterAll(async () => t?.close());

const auth = { authorization: `Bearer ${TOKEN}` };
const COUNTERS = [
  ['marketplace_purchases_total', {}], ['marketplace_tonnes_bought_total', {}], ['marketplace_tonnes_retired_total', {}],
  ['marketplace_retirements_total', {}], ['marketplace_orders_total', { type: 'limit' }], ['marketplace_orders_total', { type: 'market' }],
  ['marketplace_trades_total', {}], ['marketplace_swaps_total', {}],
] as const;

async function counters(): Promise<Record<string, number>> {
  const families = await scrapeMetrics(t.app, auth);
  return Object.fromEntries(COUNTERS.map(([name, labels]) => [`${name}${JSON.stringify(labels)}`, sampleValue(families, name, labels)]));
}

describe('GET /metrics', () => {
  it('wants the METRICS_TOKEN when one is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
  });

  it('moves each business counter by exactly what the workload did, and refusals count nothing', async () => {
    const before = await counters();
    const seller = await newTrader(t.app, project, 0, 'Seller');
    const buyer = await newTrader(t.app, project, 0, 'Buyer');
    const lot = await buyCredits(t.app, seller.cookie, project, 30);
    await buyCredits(t.app, seller.cookie, project, 12);
    await buyCredits(t.app, buyer.cookie, project, 4, { retireImmediately: true, reason: 'metrics test' });
    expect((await retire(t.app, seller.cookie, lot.credit.id, { reason: 'metrics test', quantity: 5 })).statusCode).toBe(201);
    expect((await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 3, pricePerCredit: '7.50' })).statusCode).toBe(201);
    expect((await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 3, pricePerCredit: '7.60' })).statusCode).toBe(201);
    // One buy order crossing both asks: two trades.
    expect((await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 6, pricePerCredit: '7.60' })).statusCode).toBe(201);
    await createPool(t.app, seller.cookie, { projectId: project.id, creditReserve: 10, tokenReserve: '75.00' });
    await swap(t.app, buyer.cookie, { projectId: project.id, side: 'buy', quantity: 1, maxAmountIn: '100.00' });
    expect((await marketOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1 })).statusCode).toBe(200);
    // Refused: bad input and insufficient credits change no counter.
    expect((await postJson(t.app, '/api/credits/purchase', { projectId: project.id, quantity: 0, pricePerCredit: project.pricePerCredit }, buyer.cookie)).statusCode).toBe(400);
    expect((await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'sell', quantity: 1000, pricePerCredit: '9.00' })).statusCode).toBe(422);

    const after = await counters();
    const moved = Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]]));
    const market = moved['marketplace_trades_total{}'] + moved['marketplace_swaps_total{}'];
    expect(moved).toEqual({
      'marketplace_purchases_total{}': 3,
      'marketplace_tonnes_bought_total{}': 46,
      'marketplace_tonnes_retired_total{}': 9,
      'marketplace_retirements_total{}': 2,
      'marketplace_orders_total{"type":"limit"}': 3,
      'marketplace_orders_total{"type":"market"}': 1,
      // The market order filled at one venue or the other: 2 book trades + 1 swap, plus its own fill.
      'marketplace_trades_total{}': moved['marketplace_trades_total{}'],
      'marketplace_swaps_total{}': moved['marketplace_swaps_total{}'],
    });
    expect(market).toBe(4);
    expect(moved['marketplace_trades_total{}']).toBeGreaterThanOrEqual(2);
    expect(moved['marketplace_swaps_total{}']).toBeGreaterThanOrEqual(1);
  });

  it('times requests by route pattern, method and status, and reports the gauges', async () => {
    await t.app.inject({ method: 'GET', url: `/api/trading/orderbook/${project.id}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const families = await scrapeMetrics(t.app, auth);
    expect(families.http_request_duration_seconds?.type).toBe('histogram');
    expect(sampleValue(families, 'http_request_duration_seconds', { route: '/api/trading/orderbook/:projectId', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, 'http_request_duration_seconds', { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(families.marketplace_sse_clients?.type).toBe('gauge');
    expect(families.nodejs_eventloop_lag_seconds?.data.length).toBe(3);
  });
});

describe('GET /healthz and /readyz', () => {
  it('answers 200 while the database has this build\'s migrations, 503 with the reason otherwise', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await t.deps.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1000 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/^migration \S+ not applied$/);
    } finally {
      await t.deps.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1000 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    }
  });

  it('answers 503 "shutting down" once SIGTERM arrived', async () => {
    t.deps.lifecycle = { shuttingDown: true };
    try {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unready', message: 'shutting down' });
    } finally {
      t.deps.lifecycle = undefined;
    }
  });
});
