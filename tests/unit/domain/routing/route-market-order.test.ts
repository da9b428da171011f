import { describe, expect, it } from 'vitest';
import { NonPositiveAmountError } from '@/domain/amm/amm-error';
import { createPool } from '@/domain/amm/create-pool';
import { quoteBuyCredits } from '@/domain/amm/quote-swap';
import { removeLiquidity } from '@/domain/amm/remove-liquidity';
import { bookOnly, poolOnly, routeMarketOrder } from '@/domain/routing/route-market-order';

// 1,000 t against $10,000.00: spot 10.00; the n-th tonne bought costs 1000/997 × 10^9 / ((1000−n)(1001−n)) c
// exactly, and the n-th tonne sold pays 997/1000 × 10^9 / ((1000+n)(999+n)) c.
const pool = createPool(1000n, 1_000_000n);

describe('routeMarketOrder', () => {
  describe('when buying against asks and the pool', () => {
    const asks = [
      { priceCents: 1005n, quantity: 5n, orderId: 11 },
      { priceCents: 1020n, quantity: 10n, orderId: 12 },
      { priceCents: 1100n, quantity: 100n, orderId: 13 },
    ];
    const input = { side: 'buy' as const, quantity: 40n, levels: asks, pool };

    it('takes each tonne where it is cheaper, pool tonnes priced as one swap', () => {
      // Pool tonnes beating 10.05: 1; beating 10.20: 8 (992 × 993 > 10^12 / 1,016,940 > 991 × 992);
      // beating 11.00: 45, so the last 17 tonnes come from the pool too. Pool total 25 t = 25,720 c.
      const plan = routeMarketOrder(input);
      expect(plan.steps).toEqual([
        { venue: 'pool', quantity: 1n, cashCents: 1006n },
        { venue: 'book', quantity: 5n, cashCents: 5025n, priceCents: 1005n, levelIndex: 0, orderId: 11 },
        { venue: 'pool', quantity: 7n, cashCents: 7084n },
        { venue: 'book', quantity: 10n, cashCents: 10_200n, priceCents: 1020n, levelIndex: 1, orderId: 12 },
        { venue: 'pool', quantity: 17n, cashCents: 17_630n },
      ]);
      expect(plan).toMatchObject({
        requestedQuantity: 40n,
        filledQuantity: 40n,
        unfilledQuantity: 0n,
        cashCents: 40_945n,
        averagePrice: { cashCents: 40_945n, tonnes: 40n },
        book: { quantity: 15n, cashCents: 15_225n },
        pool: { quantity: 25n, cashCents: 25_720n },
      });
      expect(plan.poolQuote).toEqual(quoteBuyCredits(pool, 25n));
    });

    it('costs less than the book alone (42,725 c) and the pool alone (41,793 c)', () => {
      expect(bookOnly(input)).toMatchObject({ filledQuantity: 40n, cashCents: 5025n + 10_200n + 27_500n, poolQuote: null });
      expect(poolOnly(input)).toMatchObject({ filledQuantity: 40n, cashCents: 41_793n, steps: [{ venue: 'pool', quantity: 40n, cashCents: 41_793n }] });
    });
  });

  describe('when selling against bids and the pool', () => {
    const bids = [
      { priceCents: 1000n, quantity: 3n },
      { priceCents: 990n, quantity: 10n },
      { priceCents: 900n, quantity: 50n },
    ];
    const input = { side: 'sell' as const, quantity: 20n, levels: bids, pool };

    it('sells each tonne where it pays more', () => {
      // No pool tonne beats 10.00; 4 beat 9.90 (1004 × 1003 < 997 × 10^9 / 990,000); the last 3 beat 9.00.
      // Pool: 7 t → ⌊7 × 10^6 / 1007⌋ = 6951 less ⌈20.85⌉ = 21 fee = 6930 c; its first 4 t alone pay 3972 c.
      expect(routeMarketOrder(input)).toMatchObject({
        filledQuantity: 20n,
        cashCents: 19_830n,
        book: { quantity: 13n, cashCents: 12_900n },
        pool: { quantity: 7n, cashCents: 6930n },
        steps: [
          { venue: 'book', quantity: 3n, cashCents: 3000n, priceCents: 1000n, levelIndex: 0 },
          { venue: 'pool', quantity: 4n, cashCents: 3972n },
          { venue: 'book', quantity: 10n, cashCents: 9900n, priceCents: 990n, levelIndex: 1 },
          { venue: 'pool', quantity: 3n, cashCents: 2958n },
        ],
      });
      expect(bookOnly(input).cashCents).toBe(3000n + 9900n + 6300n);
      expect(poolOnly(input).cashCents).toBe(19_548n); // ⌊2 × 10^7 / 1020⌋ = 19607 less ⌈58.82⌉ = 59
    });
  });

  describe('when the book is empty', () => {
    it('fills from the pool up to all but its last tonne and leaves the rest unfilled', () => {
      const small = createPool(10n, 10_000n);
      const plan = routeMarketOrder({ side: 'buy', quantity: 20n, levels: [], pool: small });
      expect(plan).toMatchObject({ filledQuantity: 9n, unfilledQuantity: 11n, book: { quantity: 0n, cashCents: 0n } });
      expect(plan.pool).toEqual({ quantity: 9n, cashCents: quoteBuyCredits(small, 9n).cashCents });
    });
  });

  describe('when there is no pool', () => {
    const asks = [{ priceCents: 500n, quantity: 4n }, { priceCents: 600n, quantity: 2n }];

    it.each([null, undefined, removeLiquidity(pool, pool.totalLpUnits).poolAfter])('fills from the book only (pool %o)', (noPool) => {
      const plan = routeMarketOrder({ side: 'buy', quantity: 10n, levels: asks, pool: noPool });
      expect(plan).toMatchObject({ filledQuantity: 6n, unfilledQuantity: 4n, cashCents: 3200n, poolQuote: null, pool: { quantity: 0n, cashCents: 0n } });
      expect(plan.steps.map((step) => step.venue)).toEqual(['book', 'book']);
    });

    it('fills nothing when there are no levels either', () => {
      expect(routeMarketOrder({ side: 'sell', quantity: 3n, levels: [] })).toMatchObject({
        filledQuantity: 0n,
        unfilledQuantity: 3n,
        cashCents: 0n,
        averagePrice: null,
        steps: [],
      });
    });
  });

  describe('when the pool rounding makes a tonne that looks better on the curve worse in cents', () => {
    it('keeps the split that pays more', () => {
      // Exact marginal of the first tonne sold: 0.997 × 66 × 12778 / (67 × 66) = 190.14 c > the 190 c bid, but
      // the swap pays ⌊12778 / 67⌋ = 190 less a ⌈0.57⌉ = 1 c fee = 189 c, so the bid is taken instead.
      const thin = createPool(66n, 12_778n);
      const plan = routeMarketOrder({ side: 'sell', quantity: 1n, levels: [{ priceCents: 190n, quantity: 1n }], pool: thin });
      expect(plan).toMatchObject({ cashCents: 190n, book: { quantity: 1n, cashCents: 190n }, pool: { quantity: 0n, cashCents: 0n } });
    });
  });

  it('leaves a tie at the same price to the book', () => {
    // The first tonne of a 2 t / 997 c pool costs exactly 1000/997 × 2 × 997 / (1 × 2) = 1000 c, like the ask.
    const tie = createPool(2n, 997n);
    const plan = routeMarketOrder({ side: 'buy', quantity: 1n, levels: [{ priceCents: 1000n, quantity: 1n }], pool: tie });
    expect(plan.steps).toEqual([{ venue: 'book', quantity: 1n, cashCents: 1000n, priceCents: 1000n, levelIndex: 0 }]);
  });

  it('refuses a non-positive quantity', () => {
    expect(() => routeMarketOrder({ side: 'buy', quantity: 0n, levels: [], pool })).toThrow(NonPositiveAmountError);
  });

  it.each([
    ['buy', [{ priceCents: 1010n, quantity: 1n }, { priceCents: 1000n, quantity: 1n }]],
    ['sell', [{ priceCents: 1000n, quantity: 1n }, { priceCents: 1010n, quantity: 1n }]],
    ['buy', [{ priceCents: 1000n, quantity: 0n }]],
  ] as const)('rejects %s levels that are not best first with positive amounts', (side, levels) => {
    expect(() => routeMarketOrder({ side, quantity: 1n, levels, pool })).toThrow(/Book level/);
  });
});
