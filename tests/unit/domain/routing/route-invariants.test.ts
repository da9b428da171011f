import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPool } from '@/domain/amm/create-pool';
import { reserveProduct, type PoolState } from '@/domain/amm/pool-state';
import { quoteBuyCredits, quoteSellCredits } from '@/domain/amm/quote-swap';
import type { BookLevel, FillPlan, MarketOrderInput } from '@/domain/routing/fill-plan';
import { bookOnly, poolOnly, routeMarketOrder } from '@/domain/routing/route-market-order';

// A pool and book levels priced around the same spot, so that the venues genuinely compete. Low prices and
// levels within ±2% of the spot are where the pool's rounding to the cent decides between the venues.
const inputArb: fc.Arbitrary<MarketOrderInput> = fc
  .record({
    side: fc.constantFrom('buy' as const, 'sell' as const),
    spotCents: fc.oneof(fc.bigInt({ min: 1n, max: 300n }), fc.bigInt({ min: 100n, max: 5000n })),
    poolTonnes: fc.option(fc.oneof(fc.bigInt({ min: 2n, max: 200n }), fc.bigInt({ min: 2n, max: 3000n })), { nil: null }),
    extraCents: fc.bigInt({ min: 0n, max: 10n ** 6n }),
    levels: fc.array(
      fc.record({
        permille: fc.oneof(fc.bigInt({ min: 980n, max: 1020n }), fc.bigInt({ min: 500n, max: 1500n })),
        quantity: fc.bigInt({ min: 1n, max: 60n }),
      }),
      { maxLength: 6 },
    ),
    quantity: fc.oneof(fc.bigInt({ min: 1n, max: 10n }), fc.bigInt({ min: 1n, max: 300n })),
  })
  .map(({ side, spotCents, poolTonnes, extraCents, levels, quantity }) => {
    const priced = levels.map(({ permille, quantity: levelTonnes }, index) => ({
      priceCents: (spotCents * permille) / 1000n + 1n,
      quantity: levelTonnes,
      orderId: index,
    }));
    priced.sort((a, b) => (side === 'buy' ? Number(a.priceCents - b.priceCents) : Number(b.priceCents - a.priceCents)));
    const pool = poolTonnes === null ? null : createPool(poolTonnes, poolTonnes * spotCents + (extraCents % poolTonnes));
    return { side, quantity, levels: priced, pool };
  });

const better = (side: 'buy' | 'sell', a: bigint, b: bigint) => (side === 'buy' ? a <= b : a >= b);

describe('routeMarketOrder invariants', () => {
  it('produces a consistent plan whose pool part is one executable swap', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = routeMarketOrder(input);
        const depth = input.levels.reduce((sum, level) => sum + level.quantity, 0n);
        const capacity = !input.pool ? 0n : input.side === 'buy' ? input.pool.creditReserve - 1n : input.quantity;
        expect(plan.filledQuantity).toBe(input.quantity < depth + capacity ? input.quantity : depth + capacity);
        expect(plan.filledQuantity + plan.unfilledQuantity).toBe(input.quantity);
        expectTotalsMatchSteps(plan);
        expectBookStepsTakeBestLevelsInOrder(plan, input.levels);
        if (plan.pool.quantity === 0n) {
          expect(plan.poolQuote).toBeNull();
          return;
        }
        const single = quote(input.side, input.pool!, plan.pool.quantity);
        expect(plan.poolQuote).toEqual(single);
        expect(plan.pool.cashCents).toBe(single.cashCents);
        expect(reserveProduct(single.poolAfter) >= reserveProduct(input.pool!)).toBe(true);
      }),
    );
  });

  it('is never worse than the book alone or the pool alone for the same filled quantity', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const alternative of [bookOnly(input), poolOnly(input)]) {
          if (alternative.filledQuantity === 0n) continue;
          const routed = routeMarketOrder({ ...input, quantity: alternative.filledQuantity });
          expect(routed.filledQuantity).toBe(alternative.filledQuantity);
          expect(better(input.side, routed.cashCents, alternative.cashCents)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is within 2 cents (buy) or 1 cent (sell) of the best of every possible book/pool split', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = routeMarketOrder(input);
        const filled = plan.filledQuantity;
        let best: bigint | null = null;
        for (let poolTonnes = 0n; poolTonnes <= filled; poolTonnes++) {
          const total = splitCashCents(input, filled, poolTonnes);
          if (total !== null && (best === null || !better(input.side, best, total))) best = total;
        }
        if (best === null) return;
        const slackCents = input.side === 'buy' ? 2n : 1n;
        expect(better(input.side, plan.cashCents, input.side === 'buy' ? best + slackCents : best - slackCents)).toBe(true);
        expect(better(input.side, best, plan.cashCents)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('routes a billion tonnes without walking tonne by tonne', () => {
    const pool = createPool(10n ** 12n, 10n ** 15n); // spot 10.00
    const levels = [{ priceCents: 1001n, quantity: 10n ** 8n }, { priceCents: 1003n, quantity: 10n ** 8n }];
    const plan = routeMarketOrder({ side: 'buy', quantity: 10n ** 9n, levels, pool });
    expect(plan.filledQuantity).toBe(10n ** 9n);
    expect(plan.book.quantity).toBe(2n * 10n ** 8n);
    expect(plan.poolQuote!.cashCents).toBe(plan.pool.cashCents);
  });
});

/** Total cash of filling `filled` with `poolTonnes` from one pool swap and the rest from the best levels. */
function splitCashCents(input: MarketOrderInput, filled: bigint, poolTonnes: bigint): bigint | null {
  let bookLeft = filled - poolTonnes;
  let cashCents = 0n;
  for (const level of input.levels) {
    const take = level.quantity < bookLeft ? level.quantity : bookLeft;
    cashCents += take * level.priceCents;
    bookLeft -= take;
  }
  if (bookLeft > 0n) return null;
  if (poolTonnes === 0n) return cashCents;
  if (!input.pool || (input.side === 'buy' && poolTonnes >= input.pool.creditReserve)) return null;
  return cashCents + quote(input.side, input.pool, poolTonnes).cashCents;
}

function quote(side: 'buy' | 'sell', pool: PoolState, tonnes: bigint) {
  return side === 'buy' ? quoteBuyCredits(pool, tonnes) : quoteSellCredits(pool, tonnes);
}

function expectTotalsMatchSteps(plan: FillPlan): void {
  const sum = (venue: 'book' | 'pool', field: 'quantity' | 'cashCents') =>
    plan.steps.filter((step) => step.venue === venue).reduce((total, step) => total + step[field], 0n);
  expect(plan.book).toEqual({ quantity: sum('book', 'quantity'), cashCents: sum('book', 'cashCents') });
  expect(plan.pool).toEqual({ quantity: sum('pool', 'quantity'), cashCents: sum('pool', 'cashCents') });
  expect(plan.filledQuantity).toBe(plan.book.quantity + plan.pool.quantity);
  expect(plan.cashCents).toBe(plan.book.cashCents + plan.pool.cashCents);
  for (const step of plan.steps) expect(step.quantity > 0n).toBe(true);
}

function expectBookStepsTakeBestLevelsInOrder(plan: FillPlan, levels: readonly BookLevel[]): void {
  const bookSteps = plan.steps.flatMap((step) => (step.venue === 'book' ? [step] : []));
  bookSteps.forEach((step, index) => {
    const level = levels[step.levelIndex];
    expect(step.levelIndex).toBe(index); // levels are used best first, none skipped
    expect(step).toMatchObject({ priceCents: level.priceCents, orderId: level.orderId, cashCents: step.quantity * level.priceCents });
    const isLast = index === bookSteps.length - 1;
    expect(isLast ? step.quantity <= level.quantity : step.quantity === level.quantity).toBe(true);
  });
}
