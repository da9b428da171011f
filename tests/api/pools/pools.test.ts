import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { createPool, getPool, holdingsOf, poolLedger, swap, traderWithCredits } from './pool-kit';
import { findProject, getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

// Amazon: $18.50. The provider buys 1,000 t ($18,500 + $370 fee) and pools 400 t with $7,400: price $18.50,
// LP units isqrt(400 × 740,000) = 17,204.
let t: TestApp;
let amazon: Project;
let provider: { cookie: string; user: { id: number } };
let buyer: { cookie: string; user: { id: number } };
let poolId: number;
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  amazon = await findProject(t.app, 'Amazon Rainforest Conservation');
  provider = await traderWithCredits(t.app, amazon, [1000], 'Provider');
  buyer = await signUp(t.app, { firstName: 'Buyer' });
});
afterAll(async () => { await t?.close(); });

describe('creating a pool', () => {
  it('answers 404 before the project has one; a failure means no pool to the client', async () => {
    expect((await getAs(t.app, `/api/trading/pools/${amazon.id}`)).statusCode).toBe(404);
  });

  it('takes the credits and cash, computes price and liquidity itself and ignores client values', async () => {
    const created = await createPool(t.app, provider.cookie, {
      projectId: amazon.id, creditReserve: 400, tokenReserve: '7400.00', currentPrice: '999.99', totalLiquidity: 1,
    });
    poolId = created.pool.id;
    expect(created).toEqual({
      pool: {
        id: poolId, projectId: amazon.id, creditReserve: 400, tokenReserve: '7400.00', currentPrice: '18.50', totalLiquidity: 17204,
        feeRate: '0.003', yourLpUnits: 17204, yourShare: '100.00', yourValue: '14800.00', yourCreditAmount: 400, yourTokenAmount: '7400.00',
        createdAt: expect.any(String),
      },
      creditAmount: 400, tokenAmount: '7400.00', lpTokens: 17204, cashBalance: '23730.00',
    });
  });

  it('moves the lowest serials into a pooled holding with no user and keeps the rest with the provider', async () => {
    const rows = await holdingsOf(t.deps, amazon.id);
    expect(rows).toMatchObject([
      { userId: null, quantity: 400, serialStart: 1, serialEnd: 400, status: 'pooled', poolId, origin: 'split' },
      { userId: provider.user.id, quantity: 600, serialStart: 401, serialEnd: 1000, status: 'active', poolId: null, origin: 'purchase' },
    ]);
    expect(rows[0].parentHoldingId).toBe(rows[1].id);
  });

  it('shows the pool to anyone, with the your-fields only for a signed-in user', async () => {
    expect(await getPool(t.app, amazon.id)).toMatchObject({ yourLpUnits: null, yourShare: null, yourValue: null });
    expect(await getPool(t.app, amazon.id, buyer.cookie)).toMatchObject({ yourLpUnits: 0, yourShare: '0.00', yourValue: '0.00' });
  });

  it('refuses a second pool for the project with 409', async () => {
    const response = await postJson(t.app, '/api/trading/pools', { projectId: amazon.id, creditReserve: 10, tokenReserve: '185' }, provider.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already exists/);
  });
});

describe('swapping', () => {
  it('quotes a 10 t buy exactly: ⌈⌈740,000 × 10 / 390⌉ × 1000 / 997⌉ = 19,033 c with a 58 c fee', async () => {
    const response = await getAs(t.app, `/api/trading/pools/${amazon.id}/quote?side=buy&quantity=10`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      side: 'buy', quantity: 10, amountIn: '190.33', amountOut: '10', total: '190.33', fee: '0.58', feeRate: '0.003',
      averagePrice: '19.03', priceImpactBps: 257, spotPrice: '18.50', priceAfter: '19.46',
    });
  });

  it('buys the quoted tonnes within the bound and reports the trade, the quote and the cash', async () => {
    const result = await swap(t.app, buyer.cookie, { projectId: amazon.id, side: 'buy', quantity: 10, maxAmountIn: '191.00' });
    expect(result).toEqual({
      trade: { id: expect.any(Number), projectId: amazon.id, createdAt: expect.any(String), pricePerCredit: '19.03', quantity: 10, totalValue: '190.33', venue: 'pool', side: 'buy' },
      quote: expect.objectContaining({ amountIn: '190.33', amountOut: '10', fee: '0.58' }),
      cashBalance: '49809.67',
    });
    const pool = await getPool(t.app, amazon.id);
    expect(pool).toMatchObject({ creditReserve: 390, tokenReserve: '7590.33', currentPrice: '19.46', totalLiquidity: 17204 });
  });

  it('hands the buyer the pool’s lowest serials as a new active holding (origin swap, parent the pooled lot)', async () => {
    const rows = await holdingsOf(t.deps, amazon.id);
    const pooled = rows.find((row) => row.status === 'pooled')!;
    expect(rows[0]).toMatchObject({ userId: buyer.user.id, quantity: 10, serialStart: 1, serialEnd: 10, status: 'active', origin: 'swap', parentHoldingId: pooled.id, purchasePriceCents: 1903n });
    expect(pooled).toMatchObject({ quantity: 390, serialStart: 11, serialEnd: 400 });
  });

  it('sells back 10 t for less than it cost: the fee and rounding stay in the pool', async () => {
    const result = await swap(t.app, buyer.cookie, { projectId: amazon.id, side: 'sell', quantity: 10, minAmountOut: '0' });
    // gross = ⌊759,033 × 10 / 400⌋ = 18,975; fee = ⌈18,975 × 3 / 1000⌉ = 57; received 18,918.
    expect(result.quote).toMatchObject({ amountIn: '10', amountOut: '189.18', fee: '0.57' });
    expect(result.cashBalance).toBe('49998.85');
    expect(result.trade).toMatchObject({ side: 'sell', venue: 'pool', totalValue: '189.18' });
    expect(await getPool(t.app, amazon.id)).toMatchObject({ creditReserve: 400, tokenReserve: '7401.15' });
  });

  it('writes trades with venue pool and the pool side null, and swap_buy / swap_sell history rows', async () => {
    const trades = await t.deps.db.execute(sql`select buyer_id, seller_id, venue, price_cents::text as price, quantity, total_cents::text as total from trades where project_id = ${amazon.id} order by id`);
    expect((trades as unknown as { rows: unknown[] }).rows).toEqual([
      { buyer_id: buyer.user.id, seller_id: null, venue: 'pool', price: '1903', quantity: 10, total: '19033' },
      { buyer_id: null, seller_id: buyer.user.id, venue: 'pool', price: '1892', quantity: 10, total: '18918' },
    ]);
    const history = (await getAs(t.app, '/api/transactions/my', buyer.cookie)).json() as Array<{ type: string; quantity: number; totalAmount: string; feeAmount: string }>;
    expect(history.map(({ type, quantity, totalAmount, feeAmount }) => ({ type, quantity, totalAmount, feeAmount }))).toEqual([
      { type: 'swap_sell', quantity: 10, totalAmount: '189.18', feeAmount: '0.57' },
      { type: 'swap_buy', quantity: 10, totalAmount: '190.33', feeAmount: '0.58' },
    ]);
  });
});

describe('swaps in the market data', () => {
  it('appear in the project’s trades, 24 h stats and price history', async () => {
    const trades = (await getAs(t.app, `/api/trading/trades/${amazon.id}?limit=50`)).json() as Array<{ totalValue: string; quantity: number }>;
    expect(trades.map(({ totalValue, quantity }) => ({ totalValue, quantity }))).toEqual([
      { totalValue: '189.18', quantity: 10 },
      { totalValue: '190.33', quantity: 10 },
    ]);
    expect((await getAs(t.app, `/api/trading/stats/${amazon.id}`)).json()).toMatchObject({ totalTrades24h: 2, totalVolume24h: '379.51', totalQuantity24h: 20 });
    const candles = (await getAs(t.app, `/api/trading/price-history/${amazon.id}?interval=1h&limit=100`)).json() as Array<{ volume: number; high: string; low: string }>;
    expect(candles.reduce((sum, candle) => sum + candle.volume, 0)).toBe(20);
    expect(candles.at(-1)).toMatchObject({ high: '19.03', low: '18.92' });
  });
});

describe('liquidity', () => {
  it('adds at the current ratio and leaves the excess cash with the provider', async () => {
    // Pool 400 t / 740,115 c / 17,204 units. Offer 100 t and $5,000: units = min(⌊100 × 17,204 / 400⌋, ⌊500,000 × 17,204 / 740,115⌋) = 4,301;
    // taken 100 t and ⌈4,301 × 740,115 / 17,204⌉ = 185,029 c.
    const response = await postJson(t.app, `/api/trading/pools/${poolId}/add-liquidity`, { creditAmount: 100, tokenAmount: '5000' }, provider.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ creditAmount: 100, tokenAmount: '1850.29', lpTokens: 4301, cashBalance: '21879.71' });
    expect(response.json().pool).toMatchObject({ creditReserve: 500, tokenReserve: '9251.44', totalLiquidity: 21505, yourLpUnits: 21505 });
  });

  it('removes pro rata, rounding down, and returns the tonnes as a new active holding (origin pool)', async () => {
    // 5,000 of 21,505 units: ⌊500 × 5,000 / 21,505⌋ = 116 t and ⌊925,144 × 5,000 / 21,505⌋ = 215,099 c.
    const response = await postJson(t.app, `/api/trading/pools/${poolId}/remove-liquidity`, { lpTokens: 5000 }, provider.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ creditAmount: 116, tokenAmount: '2150.99', lpTokens: 5000, cashBalance: '24030.70' });
    expect(response.json().pool).toMatchObject({ creditReserve: 384, tokenReserve: '7100.45', totalLiquidity: 16505, yourLpUnits: 16505 });
    const mine = (await holdingsOf(t.deps, amazon.id)).filter((row) => row.userId === provider.user.id && row.origin === 'pool');
    expect(mine.reduce((sum, row) => sum + row.quantity, 0)).toBe(116);
  });

  it('empties the pool when the last units leave, and a new create seeds it again', async () => {
    const all = await postJson(t.app, `/api/trading/pools/${poolId}/remove-liquidity`, { lpTokens: 16505 }, provider.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.json().pool).toMatchObject({ creditReserve: 0, tokenReserve: '0.00', currentPrice: '0.00', totalLiquidity: 0, yourLpUnits: 0 });
    const swapOnEmpty = await postJson(t.app, '/api/trading/swap', { projectId: amazon.id, side: 'buy', quantity: 1, maxAmountIn: '100' }, buyer.cookie);
    expect(swapOnEmpty.statusCode).toBe(409);
    const reseeded = await createPool(t.app, provider.cookie, { projectId: amazon.id, creditReserve: 100, tokenReserve: '2000.00' });
    expect(reseeded.pool).toMatchObject({ id: poolId, creditReserve: 100, currentPrice: '20.00', totalLiquidity: 4472 });
  });

  it('keeps every pool’s pooled tonnes equal to its credit reserve and its positions equal to its LP total', async () => {
    for (const pool of await poolLedger(t.deps)) {
      expect(pool.pooledTonnes).toBe(pool.creditReserve);
      expect(pool.positionUnits).toBe(pool.lpUnits);
    }
  });
});
