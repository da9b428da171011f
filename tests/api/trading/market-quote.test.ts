import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, parseCents } from '@/domain/money';
import { averagePriceCents } from '@/domain/routing/market-order-figures';
import type { RoutedTrade, RoutingSummary } from '@/shared/schemas/pool';
import type { MarketOrderQuote } from '@/shared/schemas/trading';
import { findProject, getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { createPool, traderWithCredits } from '@tests/api/pools/pool-kit';
import { ledgerFingerprint } from './trading-kit';

// Issue item 3: a market order gets a preview before it is sent, computed by the code that executes it.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(async () => { await t?.close(); });

const quoteUrl = (projectId: number, orderType: string, quantity: number | string) => `/api/trading/market-order/quote?projectId=${projectId}&orderType=${orderType}&quantity=${quantity}`;

async function quoteThenExecute(cookie: string, projectId: number, orderType: 'buy' | 'sell', quantity: number) {
  const before = await ledgerFingerprint(t.deps);
  const response = await getAs(t.app, quoteUrl(projectId, orderType, quantity), cookie);
  expect(response.statusCode, response.body).toBe(200);
  // A quote changes nothing.
  expect(await ledgerFingerprint(t.deps)).toBe(before);
  const quote = response.json() as MarketOrderQuote;
  const executed = await postJson(t.app, '/api/trading/market-order', { projectId, orderType, quantity }, cookie);
  expect(executed.statusCode, executed.body).toBe(200);
  const trades = executed.json() as RoutedTrade[];
  const routing = JSON.parse(String(executed.headers['x-routing'])) as RoutingSummary;
  return { quote, trades, routing };
}

/** The figures the client shows after the fill, from the execution's own answer. */
function fillFigures(trades: RoutedTrade[], routing: RoutingSummary) {
  const quantity = trades.reduce((sum, trade) => sum + trade.quantity, 0);
  const cents = trades.reduce((sum, trade) => sum + parseCents(trade.totalValue), 0n);
  const average = averagePriceCents(cents, BigInt(quantity));
  return { quantity, total: formatCents(cents), averagePrice: average === null ? null : formatCents(average), book: routing.book, pool: routing.pool, unfilled: routing.unfilled };
}

describe('GET /api/trading/market-order/quote', () => {
  it('equals the following execution for a buy the book starts and the pool continues', async () => {
    const project = await findProject(t.app, 'Atacama Desert Solar Park');
    const provider = await traderWithCredits(t.app, project, [100], 'Provider');
    await createPool(t.app, provider.cookie, { projectId: project.id, creditReserve: 100, tokenReserve: '1200' });
    const maker = await traderWithCredits(t.app, project, [15], 'Maker');
    for (const [quantity, price] of [[5, '11.50'], [10, '12.10']] as const) {
      expect((await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity, pricePerCredit: price }, maker.cookie)).statusCode).toBe(201);
    }
    const taker = await signUp(t.app, { firstName: 'Taker' });
    const { quote, trades, routing } = await quoteThenExecute(taker.cookie, project.id, 'buy', 30);
    expect(quote).toMatchObject({ projectId: project.id, orderType: 'buy', requestedQuantity: 30, venue: 'both', ownOrder: null, bestPrice: '11.50', limitedBy: null });
    expect(fillFigures(trades, routing)).toEqual({ quantity: quote.quantity, total: quote.total, averagePrice: quote.averagePrice, book: quote.book, pool: quote.pool, unfilled: quote.unfilled });
    // Slippage: the average against the first tonne's price.
    const expected = (Number(parseCents(quote.total)) / quote.quantity / 1150 - 1) * 100;
    expect(Number(quote.slippagePercent)).toBeCloseTo(expected, 1);
    expect(Number(quote.slippagePercent)).toBeGreaterThan(0);
  });

  it('names the own resting order the book stops at, and the pool fills past it (the $20 ask of issue item 3)', async () => {
    const project = await findProject(t.app, 'Rwanda Clean Cookstoves');
    const provider = await traderWithCredits(t.app, project, [100], 'Provider');
    await createPool(t.app, provider.cookie, { projectId: project.id, creditReserve: 100, tokenReserve: '2493' });
    const taker = await traderWithCredits(t.app, project, [3], 'Taker');
    const own = await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity: 1, pricePerCredit: '20.00' }, taker.cookie);
    expect(own.statusCode).toBe(201);
    const { quote, trades, routing } = await quoteThenExecute(taker.cookie, project.id, 'buy', 2);
    expect(quote.ownOrder).toEqual({ id: own.json().order.id, pricePerCredit: '20.00', quantity: 1 });
    expect(quote).toMatchObject({ venue: 'pool', quantity: 2, book: { quantity: 0, total: '0.00' } });
    expect(trades.every((trade) => trade.venue === 'pool')).toBe(true);
    expect(fillFigures(trades, routing)).toMatchObject({ quantity: quote.quantity, total: quote.total, averagePrice: quote.averagePrice });
    const mine = (await getAs(t.app, '/api/trading/orders/my', taker.cookie)).json() as Array<{ id: number; status: string }>;
    expect(mine.find((order) => order.id === own.json().order.id)?.status).toBe('open');
  });

  it('says when the book alone runs out (no pool), and equals the execution', async () => {
    const project = await findProject(t.app, 'Ohio Landfill Gas Capture');
    const maker = await traderWithCredits(t.app, project, [4], 'Maker');
    for (const [quantity, price] of [[1, '9.00'], [3, '9.40']] as const) {
      expect((await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity, pricePerCredit: price }, maker.cookie)).statusCode).toBe(201);
    }
    const taker = await signUp(t.app, { firstName: 'Taker' });
    const { quote, trades, routing } = await quoteThenExecute(taker.cookie, project.id, 'buy', 6);
    expect(quote).toMatchObject({ venue: 'book', quantity: 4, unfilled: 2, limitedBy: 'depth', total: '37.20', averagePrice: '9.30', bestPrice: '9.00', slippagePercent: '3.33' });
    expect(fillFigures(trades, routing)).toEqual({ quantity: 4, total: '37.20', averagePrice: '9.30', book: quote.book, pool: quote.pool, unfilled: 2 });
  });

  it('quotes nothing to fill on an empty book', async () => {
    const project = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
    const { cookie } = await signUp(t.app);
    const quote = (await getAs(t.app, quoteUrl(project.id, 'buy', 3), cookie)).json() as MarketOrderQuote;
    expect(quote).toMatchObject({ quantity: 0, unfilled: 3, venue: 'none', averagePrice: null, bestPrice: null, slippagePercent: null, total: '0.00', limitedBy: 'depth' });
  });

  it('refuses bad input with a 4xx and a message, and changes nothing', async () => {
    const project = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
    const { cookie } = await signUp(t.app);
    const before = await ledgerFingerprint(t.deps);
    const cases: Array<[string, number, RegExp]> = [
      [quoteUrl(project.id, 'buy', 0), 400, /quantity must be at least 1/],
      [quoteUrl(project.id, 'buy', '1.5'), 400, /quantity must be a whole number/],
      [quoteUrl(project.id, 'hold', 1), 400, /orderType must be "buy" or "sell"/],
      [`/api/trading/market-order/quote?orderType=buy&quantity=1`, 400, /projectId/],
      [quoteUrl(999_999, 'buy', 1), 404, /Project 999999 not found/],
      [quoteUrl(project.id, 'sell', 5), 422, /Insufficient credits/],
    ];
    for (const [url, status, message] of cases) {
      const response = await getAs(t.app, url, cookie);
      expect(response.statusCode, url).toBe(status);
      expect(response.json().message, url).toMatch(message);
    }
    expect((await getAs(t.app, quoteUrl(project.id, 'buy', 1))).statusCode).toBe(401);
    expect(await ledgerFingerprint(t.deps)).toBe(before);
  });
});
