import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@/client/lib/format';
import { bookOnly, poolOnly, routeMarketOrder } from '@/domain/routing/route-market-order';
import type { BookLevel, MarketOrderInput } from '@/domain/routing/fill-plan';
import type { Pool, RoutedTrade, RoutingSummary } from '@/shared/schemas/pool';
import type { OrderBookData } from '@/shared/schemas/trading';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { createPool, traderWithCredits } from './pool-kit';
import { executeRoutedMarketOrder } from '@/server/services/pools/execute-routed-market-order';
import { findProject, getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

interface Scenario {
  name: string;
  project: string;
  pool: { credits: number; cash: string };
  /** Resting orders on the side the market order takes: [tonnes, price]. */
  resting: Array<[number, string]>;
  order: { side: 'buy' | 'sell'; quantity: number };
  /** Which venues the best split uses, so that each scenario tests what it says. */
  venues: 'both' | 'book' | 'pool';
}

const SCENARIOS: Scenario[] = [
  { name: 'a buy that the book starts and the pool continues', project: 'Atacama Desert Solar Park', pool: { credits: 100, cash: '1200' }, resting: [[5, '11.50'], [10, '12.10'], [20, '13.00']], order: { side: 'buy', quantity: 30 }, venues: 'both' },
  { name: 'a sell spread over bids and the pool', project: 'Noor Ouarzazate Solar Complex', pool: { credits: 200, cash: '2600' }, resting: [[5, '13.50'], [10, '12.80'], [10, '12.00']], order: { side: 'sell', quantity: 25 }, venues: 'both' },
  { name: 'a buy the cheap book fills alone', project: 'Ohio Landfill Gas Capture', pool: { credits: 50, cash: '600' }, resting: [[20, '9.00']], order: { side: 'buy', quantity: 10 }, venues: 'book' },
  { name: 'a buy the deep pool fills alone', project: 'Rwanda Clean Cookstoves', pool: { credits: 1000, cash: '15000' }, resting: [[10, '20.00']], order: { side: 'buy', quantity: 40 }, venues: 'pool' },
  { name: 'a sell larger than the bids', project: 'Song Bung Run-of-River Hydro', pool: { credits: 300, cash: '1620' }, resting: [[4, '5.60'], [6, '5.20']], order: { side: 'sell', quantity: 60 }, venues: 'both' },
  { name: 'a buy larger than the book, deep into the pool', project: 'Guatemala Highland Agroforestry', pool: { credits: 400, cash: '16800' }, resting: [[3, '41.00'], [2, '45.00']], order: { side: 'buy', quantity: 120 }, venues: 'both' },
];

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(async () => { await t?.close(); });

/** The book side the order takes and the pool, as the API shows them just before the order. */
async function marketBefore(projectId: number, side: 'buy' | 'sell') {
  const book = (await getAs(t.app, `/api/trading/orderbook/${projectId}?depth=100`)).json() as OrderBookData;
  const pool = (await getAs(t.app, `/api/trading/pools/${projectId}`)).json() as Pool;
  const levels: BookLevel[] = (side === 'buy' ? book.sellOrders : book.buyOrders).map((level) => ({ priceCents: toCents(level.pricePerCredit)!, quantity: BigInt(level.remainingQuantity) }));
  return { levels, pool: { creditReserve: BigInt(pool.creditReserve), cashReserveCents: toCents(pool.tokenReserve)!, totalLpUnits: BigInt(pool.totalLiquidity) } };
}

function venueTotals(trades: RoutedTrade[], venue: 'book' | 'pool') {
  const mine = trades.filter((trade) => trade.venue === venue);
  return { quantity: BigInt(mine.reduce((sum, trade) => sum + trade.quantity, 0)), cashCents: mine.reduce((sum, trade) => sum + toCents(trade.totalValue)!, 0n) };
}

describe.each(SCENARIOS)('best execution: $name', (scenario) => {
  let input: MarketOrderInput;
  let trades: RoutedTrade[];
  let routing: RoutingSummary;

  beforeAll(async () => {
    const project = await findProject(t.app, scenario.project);
    const restingTonnes = scenario.resting.reduce((sum, [tonnes]) => sum + tonnes, 0);
    const provider = await traderWithCredits(t.app, project, [scenario.pool.credits], 'Provider');
    await createPool(t.app, provider.cookie, { projectId: project.id, creditReserve: scenario.pool.credits, tokenReserve: scenario.pool.cash });
    // The resting side: asks from a seller who bought the tonnes, or bids from a buyer's cash.
    const maker = scenario.order.side === 'buy' ? await traderWithCredits(t.app, project, [restingTonnes], 'Maker') : await signUp(t.app, { firstName: 'Maker' });
    for (const [quantity, price] of scenario.resting) {
      const orderType = scenario.order.side === 'buy' ? 'sell' : 'buy';
      const placed = await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType, quantity, pricePerCredit: price }, maker.cookie);
      expect(placed.statusCode).toBe(201);
    }
    const taker = scenario.order.side === 'sell' ? await traderWithCredits(t.app, project, [scenario.order.quantity], 'Taker') : await signUp(t.app, { firstName: 'Taker' });
    const { levels, pool } = await marketBefore(project.id, scenario.order.side);
    input = { side: scenario.order.side, quantity: BigInt(scenario.order.quantity), levels, pool };
    const response = await postJson(t.app, '/api/trading/market-order', { projectId: project.id, orderType: scenario.order.side, quantity: scenario.order.quantity }, taker.cookie);
    expect(response.statusCode).toBe(200);
    trades = response.json() as RoutedTrade[];
    routing = JSON.parse(String(response.headers['x-routing'])) as RoutingSummary;
  });

  it('fills exactly the split of the pure best-execution plan', () => {
    const plan = routeMarketOrder(input);
    expect(venueTotals(trades, 'book')).toEqual(plan.book);
    expect(venueTotals(trades, 'pool')).toEqual(plan.pool);
    expect(trades.filter((trade) => trade.venue === 'pool').length).toBeLessThanOrEqual(1);
    const used = [plan.book.quantity > 0n && 'book', plan.pool.quantity > 0n && 'pool'].filter(Boolean);
    expect(used.length === 2 ? 'both' : used[0]).toBe(scenario.venues);
  });

  it('reports the split in x-routing, matching the list of trades', () => {
    const book = venueTotals(trades, 'book');
    const pool = venueTotals(trades, 'pool');
    expect(routing).toEqual({
      book: { quantity: Number(book.quantity), total: formatted(book.cashCents) },
      pool: { quantity: Number(pool.quantity), total: formatted(pool.cashCents) },
      unfilled: scenario.order.quantity - Number(book.quantity + pool.quantity),
    });
  });

  it('is never worse than the book alone or the pool alone for the same tonnes', () => {
    const filled = venueTotals(trades, 'book').quantity + venueTotals(trades, 'pool').quantity;
    const cashCents = venueTotals(trades, 'book').cashCents + venueTotals(trades, 'pool').cashCents;
    for (const alone of [bookOnly, poolOnly]) {
      const plan = alone({ ...input, quantity: filled });
      if (plan.filledQuantity < filled) continue; // that venue alone cannot even fill as much
      if (input.side === 'buy') expect(cashCents).toBeLessThanOrEqual(plan.cashCents);
      else expect(cashCents).toBeGreaterThanOrEqual(plan.cashCents);
    }
    expect(filled).toBeGreaterThanOrEqual(bookOnly(input).filledQuantity);
    expect(filled).toBeGreaterThanOrEqual(poolOnly(input).filledQuantity);
  });
});

describe('a market buy with little cash', () => {
  it('takes only the tonnes its cash pays for across both venues, and refuses a sell beyond its credits', async () => {
    const california = await findProject(t.app, 'California Dairy Digesters'); // $32.00
    const amazon = await findProject(t.app, 'Amazon Rainforest Conservation');
    const provider = await traderWithCredits(t.app, california, [105], 'Provider');
    await createPool(t.app, provider.cookie, { projectId: california.id, creditReserve: 100, tokenReserve: '3200' });
    await postJson(t.app, '/api/trading/orders', { projectId: california.id, orderType: 'sell', quantity: 5, pricePerCredit: '31.00' }, provider.cookie);
    // 2,630 t of Amazon cost $48,655.00 + $973.10 fee: $371.90 is left.
    const taker = await traderWithCredits(t.app, amazon, [2630], 'Taker');
    const { levels, pool } = await marketBefore(california.id, 'buy');
    const response = await postJson(t.app, '/api/trading/market-order', { projectId: california.id, orderType: 'buy', quantity: 100 }, taker.cookie);
    expect(response.statusCode).toBe(200);
    const trades = response.json() as RoutedTrade[];
    const filled = venueTotals(trades, 'book').quantity + venueTotals(trades, 'pool').quantity;
    const spent = venueTotals(trades, 'book').cashCents + venueTotals(trades, 'pool').cashCents;
    const plan = (quantity: bigint) => routeMarketOrder({ side: 'buy', quantity, levels, pool });
    expect(filled).toBeGreaterThan(5n); // the book's 5 t and some of the pool
    expect(spent).toBe(plan(filled).cashCents);
    expect(spent).toBeLessThanOrEqual(37_190n);
    expect(plan(filled + 1n).cashCents).toBeGreaterThan(37_190n);
    expect(JSON.parse(String(response.headers['x-routing'])).unfilled).toBe(100 - Number(filled));

    const sell = await postJson(t.app, '/api/trading/market-order', { projectId: california.id, orderType: 'sell', quantity: Number(filled) + 1 }, taker.cookie);
    expect(sell.statusCode).toBe(422);
    expect(sell.json().message).toBe(`Insufficient credits: you have ${filled} available credits of this project, the order needs ${Number(filled) + 1}`);
  });
});

describe('after every routed order', () => {
  it('keeps the ledger invariants, pools included', async () => {
    await assertLedgerInvariants(t.deps.db);
  });
});

function formatted(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

describe('an approved market buy routed through a pool', () => {
  it('is refused inside the routed transaction when book and pool now cost more than approved, and changes nothing', async () => {
    const project = await findProject(t.app, 'Bangladesh Efficient Brick Kilns');
    const provider = await traderWithCredits(t.app, project, [200], 'ApprovedPoolProvider');
    await createPool(t.app, provider.cookie, { projectId: project.id, creditReserve: 200, tokenReserve: '2000' });
    const buyer = await signUp(t.app, { firstName: 'ApprovedBuyer' });
    const poolBefore = (await getAs(t.app, `/api/trading/pools/${project.id}`)).json() as Pool;
    const order = { userId: buyer.user.id, projectId: project.id, side: 'buy' as const, quantity: 10 };
    // As if the approver had seen a total of $50.00 for 10 t: the pool now asks about $105.
    await expect(executeRoutedMarketOrder(t.deps, { ...order, maxCostCents: 5_000n })).rejects.toThrow(/^The price moved: this market order now costs \$\d+\.\d\d, more than the \$50\.00 approved$/);
    expect((await getAs(t.app, `/api/trading/pools/${project.id}`)).json()).toEqual(poolBefore);
    const traded = await executeRoutedMarketOrder(t.deps, { ...order, maxCostCents: 20_000n });
    expect(traded!.trades.reduce((sum, trade) => sum + trade.quantity, 0)).toBe(10);
    await assertLedgerInvariants(t.deps.db);
  });
});
