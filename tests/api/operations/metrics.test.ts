import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { buyCredits, findProject, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { lintMetrics, sampleValue, scrapeMetrics } from '@tests/support/prometheus';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { createPool, swap } from '@tests/api/pools/pool-kit';
import { retire } from '@tests/api/retirement/retirement-kit';
import { marketOrder, newTrader, placeOrder } from '@tests/api/trading/trading-kit';

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

  it('counts work once: a keyed request and three replays of it move each counter as much as the request alone', async () => {
    const seller = await newTrader(t.app, project, 0, 'Seller');
    const buyer = await newTrader(t.app, project, 0, 'Buyer');
    await buyCredits(t.app, seller.cookie, project, 30);
    const before = await counters();
    const keyed = async (url: string, body: Record<string, unknown>, cookie: string, key: string) => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await postJson(t.app, url, body, cookie, { 'idempotency-key': key }));
      expect(answers.map((answer) => answer.statusCode), answers[0].body).toEqual(Array(4).fill(answers[0].statusCode));
      expect(answers.slice(1).map((answer) => answer.headers['idempotent-replayed'])).toEqual(['true', 'true', 'true']);
      return answers[0].json();
    };
    const bought = await keyed('/api/credits/purchase', { projectId: project.id, quantity: 5, pricePerCredit: project.pricePerCredit }, buyer.cookie, 'buy');
    await keyed('/api/credits/purchase', { projectId: project.id, quantity: 2, pricePerCredit: project.pricePerCredit, retireImmediately: true }, buyer.cookie, 'bar');
    await keyed(`/api/credits/${bought.credit.id}/retire`, { reason: 'metrics test', quantity: 1 }, buyer.cookie, 'retire');
    await keyed('/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: '7.50' }, seller.cookie, 'sell');
    await keyed('/api/trading/orders', { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '7.50' }, buyer.cookie, 'buy-order');
    await keyed('/api/trading/market-order', { projectId: project.id, orderType: 'buy', quantity: 1 }, buyer.cookie, 'market');
    await keyed('/api/trading/swap', { projectId: project.id, side: 'buy', quantity: 1, maxAmountIn: '100.00' }, buyer.cookie, 'swap');
    const after = await counters();
    const moved = Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]]));
    expect(moved).toEqual({
      'marketplace_purchases_total{}': 2,
      'marketplace_tonnes_bought_total{}': 7,
      'marketplace_tonnes_retired_total{}': 3,
      'marketplace_retirements_total{}': 2,
      'marketplace_orders_total{"type":"limit"}': 2,
      'marketplace_orders_total{"type":"market"}': 1,
      'marketplace_trades_total{}': moved['marketplace_trades_total{}'],
      'marketplace_swaps_total{}': moved['marketplace_swaps_total{}'],
    });
    // The buy order's trade, the swap, and the market order's fill at the book or the pool (the earlier test's pool).
    expect(moved['marketplace_trades_total{}'] + moved['marketplace_swaps_total{}']).toBe(3);
    expect(moved['marketplace_trades_total{}']).toBeGreaterThanOrEqual(1);
  });

  it('passes the checks of promtool check metrics: no reserved label on the wrong type, counters end in _total', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(lintMetrics(response.body)).toEqual([]);
    // The checker itself catches what it is here for.
    expect(lintMetrics('# HELP lag_seconds x\n# TYPE lag_seconds gauge\nlag_seconds{quantile="0.99"} 1\n'))
      .toEqual(['lag_seconds: non-summary metrics should not have "quantile" label']);
  });

  it('times requests by route pattern, method and status, and reports the gauges', async () => {
    await t.app.inject({ method: 'GET', url: `/api/trading/orderbook/${project.id}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const families = await scrapeMetrics(t.app, auth);
    expect(families.http_request_duration_seconds?.type).toBe('histogram');
    expect(sampleValue(families, 'http_request_duration_seconds', { route: '/api/trading/orderbook/:projectId', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, 'http_request_duration_seconds', { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(families.marketplace_sse_clients?.type).toBe('gauge');
    expect(families.nodejs_eventloop_lag_seconds?.data.map((sample) => (sample as { labels: Record<string, string> }).labels)).toEqual([
      { stat: 'mean' }, { stat: 'p99' }, { stat: 'max' },
    ]);
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
