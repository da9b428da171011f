import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credit } from '@/shared/schemas/credit';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { BALANCED_LEDGER, checkLedger } from './pool-invariants';
import { createPool, traderWithCredits } from './pool-kit';
import { mulberry32 as random } from '@/domain/mrv/seeded-random';
import { findProject, getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

const TRADERS = 6;
const OPERATIONS = 240;
/** Statuses an operation may end with: success, or a refusal that changed nothing. Never a 500. */
const ACCEPTABLE = new Set([200, 201, 404, 409, 422]);

interface Market {
  t: TestApp;
  traders: Array<{ cookie: string }>;
  projects: Project[];
  pools: number[];
  credits: Credit[][];
}

/** Two pools (Atacama $11.90, Noor $13.25), six traders holding credits of both and cash. */
async function openMarket(): Promise<Market> {
  const t = await createTestApp(ROOMY_RATE_LIMIT);
  const atacama = await findProject(t.app, 'Atacama Desert Solar Park');
  const noor = await findProject(t.app, 'Noor Ouarzazate Solar Complex');
  const traders = [];
  for (let i = 0; i < TRADERS; i++) {
    const trader = await traderWithCredits(t.app, atacama, [150, 50], `Trader ${i}`);
    await postJson(t.app, '/api/credits/purchase', { projectId: noor.id, quantity: 120, pricePerCredit: noor.pricePerCredit }, trader.cookie);
    traders.push(trader);
  }
  const pools = [
    (await createPool(t.app, traders[0].cookie, { projectId: atacama.id, creditReserve: 100, tokenReserve: '1190' })).pool.id,
    (await createPool(t.app, traders[1].cookie, { projectId: noor.id, creditReserve: 80, tokenReserve: '1060' })).pool.id,
  ];
  const credits = await Promise.all(traders.map(async (trader) => (await getAs(t.app, '/api/credits/my', trader.cookie)).json() as Credit[]));
  return { t, traders, projects: [atacama, noor], pools, credits };
}

type Operation = (market: Market, trader: { cookie: string }, who: number, which: number, quantity: number, pick: <T>(list: readonly T[]) => T) => Promise<LightMyRequestResponse>;

const swap = (side: 'buy' | 'sell'): Operation => ({ t, projects }, trader, _who, which, quantity, pick) => postJson(t.app, '/api/trading/swap', side === 'buy'
  ? { projectId: projects[which].id, side, quantity, maxAmountIn: pick(['1000', '140', '20']) }
  : { projectId: projects[which].id, side, quantity, minAmountOut: pick(['0', '100']) }, trader.cookie);
const addLiquidity: Operation = ({ t, pools }, trader, _who, which, quantity) =>
  postJson(t.app, `/api/trading/pools/${pools[which]}/add-liquidity`, { creditAmount: quantity, tokenAmount: '500' }, trader.cookie);
const removeLiquidity: Operation = ({ t, pools }, trader, _who, which, quantity) =>
  postJson(t.app, `/api/trading/pools/${pools[which]}/remove-liquidity`, { lpTokens: quantity * 33 }, trader.cookie);
const purchase: Operation = ({ t, projects }, trader, _who, which, quantity) =>
  postJson(t.app, '/api/credits/purchase', { projectId: projects[which].id, quantity, pricePerCredit: projects[which].pricePerCredit }, trader.cookie);
// Limit orders around the list price, so that some rest and some cross.
const limitOrder: Operation = ({ t, projects }, trader, _who, which, quantity, pick) => {
  const priceCents = Math.round(Number(projects[which].pricePerCredit) * 100) + pick([-90, -40, 0, 30, 80]);
  return postJson(t.app, '/api/trading/orders', { projectId: projects[which].id, orderType: pick(['buy', 'sell'] as const), quantity, pricePerCredit: (priceCents / 100).toFixed(2) }, trader.cookie);
};
const marketOrder: Operation = ({ t, projects }, trader, _who, which, quantity, pick) =>
  postJson(t.app, '/api/trading/market-order', { projectId: projects[which].id, orderType: pick(['buy', 'sell'] as const), quantity }, trader.cookie);
// A lot the trader held at the start: by now it may be in a pool, split or retired already.
const retirement: Operation = ({ t, credits }, trader, who, _which, _quantity, pick) =>
  postJson(t.app, `/api/credits/${pick(credits[who]).id}/retire`, { reason: 'Concurrent workload', quantity: 1 }, trader.cookie);

async function runWorkload(market: Market, mix: Array<[number, Operation]>, seed: number): Promise<number[]> {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  const requests = Array.from({ length: OPERATIONS }, () => {
    const who = Math.floor(next() * TRADERS);
    const which = Math.floor(next() * market.projects.length);
    const quantity = 1 + Math.floor(next() * 12);
    let roll = next() * total;
    const [, operation] = mix.find(([weight]) => (roll -= weight) < 0) ?? mix[mix.length - 1];
    return operation(market, market.traders[who], who, which, quantity, pick);
  });
  return (await Promise.all(requests)).map((response) => response.statusCode);
}

describe.each([
  {
    name: 'swaps, liquidity changes, limit and market orders and purchases',
    seed: 20_250_601,
    mix: [[25, swap('buy')], [25, swap('sell')], [8, addLiquidity], [8, removeLiquidity], [8, purchase], [14, limitOrder], [12, marketOrder]] as Array<[number, Operation]>,
  },
  {
    name: 'swaps, liquidity changes and retirements of the same lots',
    seed: 20_250_602,
    mix: [[30, swap('buy')], [30, swap('sell')], [10, addLiquidity], [10, removeLiquidity], [20, retirement]] as Array<[number, Operation]>,
  },
])(`${OPERATIONS} concurrent $name on two pools`, ({ seed, mix }) => {
  let market: Market;
  let statuses: number[];
  beforeAll(async () => {
    market = await openMarket();
    statuses = await runWorkload(market, mix, seed);
  });
  afterAll(async () => { await market?.t.close(); });

  it('answers each with success or a clean refusal, never a 500', () => {
    expect(statuses.filter((status) => !ACCEPTABLE.has(status))).toEqual([]);
    // The mix must really exercise the pools: most operations succeed.
    expect(statuses.filter((status) => status === 200 || status === 201).length).toBeGreaterThan(OPERATIONS / 2);
  });

  it('keeps every credit, pool, LP unit and cent accounted for', async () => {
    expect(await checkLedger(market.t.deps)).toEqual(BALANCED_LEDGER);
    await assertLedgerInvariants(market.t.deps.db);
  });
});
