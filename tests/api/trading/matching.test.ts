import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { cashOf, ledgerFingerprint, marketOrder, newTrader, placeOrder, send, tonnesOf, type Trader } from './trading-kit';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(async () => { await t?.close(); });

const order = (project: Project, orderType: 'buy' | 'sell', quantity: number, pricePerCredit: string) =>
  ({ projectId: project.id, orderType, quantity, pricePerCredit });

describe('price-time priority across resting sells', () => {
  let project: Project;
  let early: Trader;
  let late: Trader;
  let cheap: Trader;
  let taker: Trader;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    project = await findProject(t.app, 'Katingan Peatland Restoration');
    [early, late, cheap, taker] = [await newTrader(t.app, project, 10), await newTrader(t.app, project, 10), await newTrader(t.app, project, 10), await newTrader(t.app, project)];
    ids.early = (await placeOrder(t.app, early, order(project, 'sell', 3, '16.00'))).json().order.id;
    ids.late = (await placeOrder(t.app, late, order(project, 'sell', 3, '16.00'))).json().order.id;
    ids.cheap = (await placeOrder(t.app, cheap, order(project, 'sell', 2, '15.50'))).json().order.id;
  });

  it('aggregates the book by price, best first', async () => {
    const book = (await send(t.app, 'GET', `/api/trading/orderbook/${project.id}`)).json();
    expect(book.sellOrders).toEqual([
      { pricePerCredit: '15.50', remainingQuantity: 2, total: '31.00', orderCount: 1 },
      { pricePerCredit: '16.00', remainingQuantity: 6, total: '96.00', orderCount: 2 },
    ]);
  });

  it('fills the best price first, then the oldest order at the next price, each at its own price', async () => {
    const response = await placeOrder(t.app, taker, order(project, 'buy', 4, '17.00'));
    const { trades, order: placed } = response.json();
    expect(trades.map((trade: { sellOrderId: number; pricePerCredit: string; quantity: number }) => [trade.sellOrderId, trade.pricePerCredit, trade.quantity]))
      .toEqual([[ids.cheap, '15.50', 2], [ids.early, '16.00', 2]]);
    expect(placed).toMatchObject({ status: 'filled', filledQuantity: 4 });
    // Locked 4 × 17.00, paid 31.00 + 32.00: the 5.00 difference is back in cash.
    expect(await tonnesOf(t.deps, taker.id, project.id)).toEqual({ active: 4 });
    const mine = (await send(t.app, 'GET', '/api/trading/orders/my', early.cookie)).json();
    expect(mine[0]).toMatchObject({ id: ids.early, status: 'partially_filled', remainingQuantity: 1 });
    await assertLedgerInvariants(t.deps.db);
  });

  it('rests the remainder of a buy that runs out of crossing sells', async () => {
    const response = await placeOrder(t.app, taker, order(project, 'buy', 10, '16.00'));
    const { trades, order: placed } = response.json();
    expect(trades.map((trade: { sellOrderId: number; quantity: number }) => [trade.sellOrderId, trade.quantity])).toEqual([[ids.early, 1], [ids.late, 3]]);
    expect(placed).toMatchObject({ status: 'partially_filled', filledQuantity: 4, remainingQuantity: 6 });
    const book = (await send(t.app, 'GET', `/api/trading/orderbook/${project.id}`)).json();
    expect(book).toEqual({ sellOrders: [], buyOrders: [{ pricePerCredit: '16.00', remainingQuantity: 6, total: '96.00', orderCount: 1 }] });
    await assertLedgerInvariants(t.deps.db);
  });

  it('fills a crossing sell against the resting buy at the buy price', async () => {
    const cashBefore = await cashOf(t.deps, cheap.id);
    const response = await placeOrder(t.app, cheap, order(project, 'sell', 2, '15.00'));
    expect(response.json().trades).toEqual([expect.objectContaining({ pricePerCredit: '16.00', quantity: 2, totalValue: '32.00' })]);
    expect(await cashOf(t.deps, cheap.id)).toBe(cashBefore + 3200n);
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('self-trade prevention (cancel newest)', () => {
  it('cancels the incoming remainder when it reaches the same user\'s resting order, and keeps the resting one', async () => {
    const project = await findProject(t.app, 'Scottish Highlands Native Woodland');
    const both = await newTrader(t.app, project, 10);
    const stranger = await newTrader(t.app, project, 10);
    const cashBefore = await cashOf(t.deps, both.id);
    await placeOrder(t.app, stranger, order(project, 'sell', 1, '79.00'));
    const own = (await placeOrder(t.app, both, order(project, 'sell', 5, '80.00'))).json().order;
    const response = await placeOrder(t.app, both, order(project, 'buy', 4, '81.00'));
    const { order: placed, trades, matched } = response.json();
    expect(matched).toBe(true);
    expect(trades).toHaveLength(1);
    expect(placed).toMatchObject({ status: 'cancelled', filledQuantity: 1, remainingQuantity: 3 });
    // Paid 79.00 for one tonne; nothing else stays locked.
    expect(await cashOf(t.deps, both.id)).toBe(cashBefore - 7900n);
    const mine = (await send(t.app, 'GET', '/api/trading/orders/my', both.cookie)).json();
    expect(mine.find((row: { id: number }) => row.id === own.id)).toMatchObject({ status: 'open', remainingQuantity: 5 });
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('market orders', () => {
  let project: Project;
  let maker: Trader;
  beforeAll(async () => {
    project = await findProject(t.app, 'Guatemala Highland Agroforestry');
    maker = await newTrader(t.app, project, 50);
    await placeOrder(t.app, maker, order(project, 'sell', 5, '40.00'));
    await placeOrder(t.app, maker, order(project, 'sell', 5, '45.00'));
  });

  it('answers an empty list when the other side is empty, storing nothing', async () => {
    const seller = await newTrader(t.app, project, 3);
    const response = await marketOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect((await send(t.app, 'GET', '/api/trading/orders/my', seller.cookie)).json()).toEqual([]);
    expect(await tonnesOf(t.deps, seller.id, project.id)).toEqual({ active: 3 });
  });

  it('sweeps the book best price first and cancels what is left (IOC)', async () => {
    const buyer = await newTrader(t.app, project);
    const cashBefore = await cashOf(t.deps, buyer.id);
    const response = await marketOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 12 });
    expect(response.statusCode).toBe(200);
    const trades = response.json();
    expect(trades.map((trade: { pricePerCredit: string; quantity: number }) => [trade.pricePerCredit, trade.quantity])).toEqual([['40.00', 5], ['45.00', 5]]);
    expect(await cashOf(t.deps, buyer.id)).toBe(cashBefore - 42500n);
    const [stored] = (await send(t.app, 'GET', '/api/trading/orders/my', buyer.cookie)).json();
    expect(stored).toMatchObject({ orderType: 'buy', quantity: 12, filledQuantity: 10, remainingQuantity: 2, status: 'cancelled', pricePerCredit: '45.00' });
    await assertLedgerInvariants(t.deps.db);
  });

  it('buys only what the cash pays for', async () => {
    await placeOrder(t.app, maker, order(project, 'sell', 10, '42.00'));
    const { cookie, user } = await signUp(t.app, { firstName: 'Poor' });
    const poor = { cookie, id: user.id };
    // Spend all but $103.64 of the demo cash on a purchase elsewhere: 7,890 t × 6.20 + 2% fee = 49,896.36.
    const other = await findProject(t.app, 'Rajasthan Wind Power');
    const spend = await send(t.app, 'POST', '/api/credits/purchase', cookie, { projectId: other.id, quantity: 7890, pricePerCredit: other.pricePerCredit });
    expect(spend.statusCode, spend.body).toBe(201);
    const cash = await cashOf(t.deps, poor.id);
    const trades = (await marketOrder(t.app, poor, { projectId: project.id, orderType: 'buy', quantity: 10 })).json();
    expect(cash).toBe(10364n);
    expect(trades).toEqual([expect.objectContaining({ pricePerCredit: '42.00', quantity: 2 })]);
    expect(await cashOf(t.deps, poor.id)).toBe(10364n - 8400n);
    // $19.64 left does not pay for one more tonne: refused, nothing changes.
    const before = await ledgerFingerprint(t.deps);
    const refused = await marketOrder(t.app, poor, { projectId: project.id, orderType: 'buy', quantity: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Insufficient funds: the best offer is $42.00 per credit and your cash balance is $19.64');
    expect(await ledgerFingerprint(t.deps)).toBe(before);
    await assertLedgerInvariants(t.deps.db);
  });

  it('sells into the bids', async () => {
    const bidder = await newTrader(t.app, project);
    await placeOrder(t.app, bidder, order(project, 'buy', 3, '39.00'));
    const seller = await newTrader(t.app, project, 5);
    const trades = (await marketOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 5 })).json();
    expect(trades).toEqual([expect.objectContaining({ pricePerCredit: '39.00', quantity: 3 })]);
    expect(await tonnesOf(t.deps, seller.id, project.id)).toEqual({ active: 2 });
    expect(await tonnesOf(t.deps, bidder.id, project.id)).toEqual({ active: 3 });
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('market data', () => {
  it('reports 24 h stats, candles and performance from the trades', async () => {
    const project = await findProject(t.app, 'Rwanda Clean Cookstoves');
    const seller = await newTrader(t.app, project, 10);
    const buyer = await newTrader(t.app, project);
    await placeOrder(t.app, seller, order(project, 'sell', 2, '18.00'));
    await placeOrder(t.app, seller, order(project, 'sell', 3, '19.00'));
    await placeOrder(t.app, buyer, order(project, 'buy', 5, '19.00'));
    await placeOrder(t.app, seller, order(project, 'sell', 1, '25.00'));

    const stats = (await send(t.app, 'GET', `/api/trading/stats/${project.id}`)).json();
    // 36.00 + 57.00 = 93.00 over 5 t: 18.60 average.
    expect(stats).toEqual({ totalVolume24h: '93.00', totalTrades24h: 2, averagePrice24h: '18.60', activeOrders: 1, totalQuantity24h: 5 });
    const all = (await send(t.app, 'GET', '/api/trading/stats')).json();
    expect(all.totalTrades24h).toBeGreaterThanOrEqual(2);

    const candles = (await send(t.app, 'GET', `/api/trading/price-history/${project.id}?interval=&limit=100`)).json();
    expect(candles).toEqual([{ time: expect.any(String), open: '18.00', high: '19.00', low: '18.00', close: '19.00', volume: 5 }]);
    expect(new Date(candles[0].time).getUTCMinutes()).toBe(0);
    const daily = (await send(t.app, 'GET', `/api/trading/price-history/${project.id}?interval=1d`)).json();
    expect(new Date(daily[0].time).getUTCHours()).toBe(0);

    const trades = (await send(t.app, 'GET', `/api/trading/trades/${project.id}?limit=1`)).json();
    expect(trades).toEqual([expect.objectContaining({ pricePerCredit: '19.00', quantity: 3 })]);

    // The buyer paid 93.00 for 5 t, now marked at the last trade, 19.00: +2.00, +2.15 %.
    const performance = (await send(t.app, 'GET', '/api/trading/portfolio/performance', buyer.cookie)).json();
    expect(performance.positions).toEqual([{ projectId: project.id, projectName: project.name, marketPrice: '19.00', quantity: 5, costBasis: '93.00', marketValue: '95.00', unrealisedPnl: '2.00', unrealisedPnlPercent: '2.15' }]);
    expect(performance.total).toEqual({ quantity: 5, costBasis: '93.00', marketValue: '95.00', unrealisedPnl: '2.00', unrealisedPnlPercent: '2.15' });
  });

  it('values positions of untraded projects at the list price', async () => {
    const project = await findProject(t.app, 'Noor Ouarzazate Solar Complex');
    const holder = await newTrader(t.app, project, 4);
    const performance = (await send(t.app, 'GET', '/api/trading/portfolio/performance', holder.cookie)).json();
    expect(performance.positions).toEqual([expect.objectContaining({ marketPrice: project.pricePerCredit, quantity: 4, unrealisedPnl: '0.00', unrealisedPnlPercent: '0.00' })]);
  });

  it('needs a session for performance', async () => {
    expect((await send(t.app, 'GET', '/api/trading/portfolio/performance')).statusCode).toBe(401);
  });
});
