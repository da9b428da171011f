import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { purchaseCost } from '@/domain/fees';
import { tonnesWithinBudget } from '@/domain/purchases/tonnes-within-budget';

describe('tonnesWithinBudget', () => {
  it.each([
    [1000n, 10_000n, 9n], // 9 t = 91.80; 10 t = 102.00
    [1000n, 10_200n, 10n],
    [1000n, 10_199n, 9n],
    [1000n, 1_019n, 0n],
    [1000n, 1_020n, 1n],
    [1475n, 4_514n, 3n], // 44.25 + 0.89 (half-up) = 45.14 exactly
    [1475n, 4_513n, 2n],
    [1n, 100n, 98n], // 98 t: 98 + 2 (1.96 rounds up) = 100; 99 t: 99 + 2 = 101
    [5n, 0n, 0n],
  ])('at %i cents and a budget of %i cents buys %i t', (priceCents, budgetCents, tonnes) => {
    expect(tonnesWithinBudget(priceCents, budgetCents)).toBe(tonnes);
  });

  it('returns the largest whole tonnes whose total with the half-up fee fits', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 100_000_000n }), fc.bigInt({ min: 0n, max: 10_000_000_000n }), (priceCents, budgetCents) => {
      const tonnes = tonnesWithinBudget(priceCents, budgetCents);
      expect(tonnes >= 0n).toBe(true);
      if (tonnes > 0n) expect(purchaseCost(priceCents, tonnes).totalCents <= budgetCents).toBe(true);
      expect(purchaseCost(priceCents, tonnes + 1n).totalCents > budgetCents).toBe(true);
    }), { numRuns: 2000 });
  });
});
