import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { cancelOrder, ledgerFingerprint, marketOrder, newTrader, placeOrder, send, type Trader } from './trading-kit';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

let t: TestApp;
let project: Project;
let seller: Trader;
let other: Trader;
let restingSellId: number;

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  project = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
  seller = await newTrader(t.app, project, 5, 'Seller');
  other = await newTrader(t.app, project, 0, 'Other');
  const resting = await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: '30.00' });
  restingSellId = resting.json().order.id;
});
afterAll(async () => { await t?.close(); });

/** Sends the request and checks its status and message, and that the ledger did not change at all. */
async function expectRefused(request: () => ReturnType<typeof send>, status: number, message: RegExp) {
  const before = await ledgerFingerprint(t.deps);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toMatch(message);
  expect(await ledgerFingerprint(t.deps)).toBe(before);
}

const limit = (fields: Record<string, unknown>) => ({ projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '10.00', ...fields });

describe('limit orders with bad input are 400 and change nothing', () => {
  it.each([
    ['zero quantity', { quantity: 0 }, /quantity must be at least 1/],
    ['negative quantity', { quantity: -3 }, /quantity must be at least 1/],
    ['fractional quantity', { quantity: 1.5 }, /whole number of tonnes/],
    ['quantity as text', { quantity: '2' }, /quantity must be a number/],
    ['price with 3 decimals', { pricePerCredit: '10.001' }, /at most 2 decimals/],
    ['price number with 3 decimals', { pricePerCredit: 10.125 }, /at most 2 decimals/],
    ['zero price', { pricePerCredit: '0' }, /greater than 0/],
    ['negative price', { pricePerCredit: -5 }, /price/],
    ['price above the maximum', { pricePerCredit: '1000000.01' }, /at most 1000000.00/],
    ['unknown order type', { orderType: 'hold' }, /orderType must be "buy" or "sell"/],
    ['missing project', { projectId: undefined }, /projectId/],
    ['project id beyond integers', { projectId: 2 ** 31 }, /projectId must be at most/],
    ['unknown field', { leverage: 10 }, /leverage|Unrecognized/i],
  ])('%s', async (_name, fields, message) => {
    await expectRefused(() => placeOrder(t.app, other, limit(fields)), 400, message);
  });

  it('refuses a body that is not JSON', async () => {
    await expectRefused(() => t.app.inject({ method: 'POST', url: '/api/trading/orders', headers: { cookie: other.cookie, 'content-type': 'application/json' }, payload: '{"projectId":' }), 400, /JSON/);
  });
});

describe('market orders with bad input are 400 and change nothing', () => {
  it.each([
    ['zero quantity', { quantity: 0 }, /quantity must be at least 1/],
    ['fractional quantity', { quantity: 0.5 }, /whole number/],
    ['a price (market orders have none)', { pricePerCredit: '10.00' }, /pricePerCredit|Unrecognized/i],
  ])('%s', async (_name, fields, message) => {
    await expectRefused(() => marketOrder(t.app, other, { projectId: project.id, orderType: 'buy', quantity: 1, ...fields }), 400, message);
  });
});

describe('unknown projects are 404', () => {
  it('for a limit order', async () => {
    await expectRefused(() => placeOrder(t.app, other, limit({ projectId: 999_999 })), 404, /Project 999999 not found/);
  });
  it('for a market order', async () => {
    await expectRefused(() => marketOrder(t.app, other, { projectId: 999_999, orderType: 'sell', quantity: 1 }), 404, /Project 999999 not found/);
  });
  it.each(['orderbook', 'trades', 'stats', 'price-history'])('for GET %s', async (path) => {
    const response = await send(t.app, 'GET', `/api/trading/${path}/999999`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Project 999999 not found' });
  });
});

describe('refusals by rule are 422 and change nothing', () => {
  it('refuses a sell of more credits than the seller holds unlocked', async () => {
    // 5 bought, 2 escrowed by the resting order: 3 are free.
    await expectRefused(() => placeOrder(t.app, seller, limit({ orderType: 'sell', quantity: 4 })), 422, /Insufficient credits: you have 3 available credits/);
  });
  it('refuses a buy whose lock exceeds the cash balance', async () => {
    await expectRefused(() => placeOrder(t.app, other, limit({ quantity: 5001, pricePerCredit: '10.00' })), 422, /Insufficient funds: this order locks \$50010.00/);
  });
  it('refuses the largest quantities with 422 even when several arrive together (one batch)', async () => {
    const before = await ledgerFingerprint(t.deps);
    const huge = (orderType: string) => placeOrder(t.app, other, limit({ orderType, quantity: 1_000_000_000, pricePerCredit: '0.01' }));
    const responses = await Promise.all([huge('buy'), huge('buy'), huge('buy'), huge('sell'), huge('sell'), huge('sell'),
      marketOrder(t.app, other, { projectId: project.id, orderType: 'sell', quantity: 1_000_000_000 })]);
    expect(responses.map((response) => response.statusCode)).toEqual([422, 422, 422, 422, 422, 422, 422]);
    expect(await ledgerFingerprint(t.deps)).toBe(before);
  });
  it('refuses a market sell without enough credits', async () => {
    await expectRefused(() => marketOrder(t.app, other, { projectId: project.id, orderType: 'sell', quantity: 1 }), 422, /Insufficient credits/);
  });
});

describe('cancelling', () => {
  it('is 404 for another user\'s order', async () => {
    await expectRefused(() => cancelOrder(t.app, other, restingSellId), 404, new RegExp(`Order ${restingSellId} not found`));
  });
  it('is 404 for an order that does not exist', async () => {
    await expectRefused(() => cancelOrder(t.app, other, 987_654), 404, /Order 987654 not found/);
  });
  it('is 400 for an id that is not a number', async () => {
    await expectRefused(() => send(t.app, 'PATCH', '/api/trading/orders/abc/cancel', other.cookie), 400, /id must be a number/);
  });
  it('is 401 when signed out', async () => {
    await expectRefused(() => send(t.app, 'PATCH', `/api/trading/orders/${restingSellId}/cancel`), 401, /sign in/);
  });
  it('works once, then is 409', async () => {
    const first = await t.app.inject({ method: 'PATCH', url: `/api/trading/orders/${restingSellId}/cancel`, headers: { cookie: seller.cookie, 'content-type': 'application/json' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('cancelled');
    await expectRefused(() => cancelOrder(t.app, seller, restingSellId), 409, /already cancelled/);
  });
  it('is 409 for a filled order', async () => {
    const sell = await placeOrder(t.app, seller, limit({ orderType: 'sell', quantity: 1, pricePerCredit: '25.00' }));
    const buy = await placeOrder(t.app, other, limit({ quantity: 1, pricePerCredit: '25.00' }));
    expect(buy.json().order.status).toBe('filled');
    await expectRefused(() => cancelOrder(t.app, seller, sell.json().order.id), 409, /already filled/);
    await expectRefused(() => cancelOrder(t.app, other, buy.json().order.id), 409, /already filled/);
  });
});

describe('signed-out and other-user requests', () => {
  it('needs a session to place orders', async () => {
    await expectRefused(() => send(t.app, 'POST', '/api/trading/orders', undefined, limit({})), 401, /sign in/);
  });
  it('answers 404 for another user\'s order list', async () => {
    const response = await send(t.app, 'GET', `/api/trading/orders/user/${seller.id}`, other.cookie);
    expect(response.statusCode).toBe(404);
  });
  it('refuses a bad depth, limit or interval with 400', async () => {
    for (const url of [`/api/trading/orderbook/${project.id}?depth=0`, `/api/trading/trades/${project.id}?limit=abc`, `/api/trading/price-history/${project.id}?interval=5m`, '/api/trading/orderbook/-1']) {
      const response = await send(t.app, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });
  it('keeps the ledger balanced', async () => {
    await assertLedgerInvariants(t.deps.db);
  });
});
