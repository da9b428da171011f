import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteBuyCredits, quoteSellCredits } from '@/domain/amm/quote-swap';
import type { PoolState } from '@/domain/amm/pool-state';
import type { SwapResponse } from '@/shared/schemas/pool';
import { toCents } from '@/client/lib/format';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { createPool, getPool, traderWithCredits } from './pool-kit';
import { findProject, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

const SWAPS = 40;
let t: TestApp;
let initial: PoolState;
let responses: Array<{ status: number; body: SwapResponse & { message?: string }; request: { side: 'buy' | 'sell'; quantity: number } }>;
let projectId: number;

// Bursts of simultaneous swaps on one pool run in shared transactions (the swap desk); each must still behave as if
// it ran alone, in arrival order.
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  const project = await findProject(t.app, 'Katingan Peatland Restoration'); // $14.75
  projectId = project.id;
  const provider = await traderWithCredits(t.app, project, [500], 'Provider');
  const created = await createPool(t.app, provider.cookie, { projectId, creditReserve: 300, tokenReserve: '4425' });
  initial = { creditReserve: BigInt(created.pool.creditReserve), cashReserveCents: toCents(created.pool.tokenReserve)!, totalLpUnits: BigInt(created.pool.totalLiquidity) };
  const traders: Array<{ cookie: string }> = [];
  for (let i = 0; i < 4; i++) traders.push(await traderWithCredits(t.app, project, [3, 4, 5], `Trader ${i}`));
  const requests = Array.from({ length: SWAPS }, (_, i) => {
    const side = i % 3 === 0 ? 'sell' as const : 'buy' as const;
    const quantity = 1 + (i % 7);
    // Every fifth buy has a bound too tight to hold; sells beyond a trader's 12 t are refused for lack of credits.
    const bound = side === 'buy' ? { maxAmountIn: i % 5 === 0 ? '1.00' : '1000' } : { minAmountOut: '0' };
    return { trader: traders[i % traders.length], request: { side, quantity }, body: { projectId, side, quantity, ...bound } };
  });
  const settled = await Promise.all(requests.map(({ trader, body }) => postJson(t.app, '/api/trading/swap', body, trader.cookie)));
  responses = settled.map((response, i) => ({ status: response.statusCode, body: response.json(), request: requests[i].request }));
});
afterAll(async () => { await t?.close(); });

describe(`${SWAPS} simultaneous swaps on one pool`, () => {
  it('answers each with a swap or a clean refusal', () => {
    expect(responses.filter((response) => ![201, 409, 422].includes(response.status))).toEqual([]);
    expect(responses.filter((response) => response.status === 201).length).toBeGreaterThan(SWAPS / 2);
    expect(responses.filter((response) => response.status === 409).length).toBeGreaterThan(0);
  });

  it('executes exactly the quotes of the accepted swaps replayed one by one in trade order', async () => {
    const accepted = responses.filter((response) => response.status === 201).sort((a, b) => a.body.trade.id - b.body.trade.id);
    let state = initial;
    for (const { body, request } of accepted) {
      const quote = request.side === 'buy' ? quoteBuyCredits(state, BigInt(request.quantity)) : quoteSellCredits(state, BigInt(request.quantity));
      expect(toCents(body.quote.total)).toBe(quote.cashCents);
      state = quote.poolAfter;
    }
    const pool = await getPool(t.app, projectId);
    expect({ credits: BigInt(pool.creditReserve), cash: toCents(pool.tokenReserve) }).toEqual({ credits: state.creditReserve, cash: state.cashReserveCents });
  });

  it('shared transactions: several swaps committed together', async () => {
    const result = await t.deps.db.execute(sql`select count(*)::int as n from trades where venue = 'pool' group by created_at order by n desc limit 1`);
    expect((result as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBeGreaterThan(1);
  });

  it('keeps the ledger invariants', async () => {
    await assertLedgerInvariants(t.deps.db);
  });
});
