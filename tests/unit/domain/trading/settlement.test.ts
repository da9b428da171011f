import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { affordableTonnes, buyLockCents, fillCash, takeCostCents } from '@/domain/trading/settlement';

describe('buyLockCents', () => {
  it('locks limit × quantity', () => {
    expect(buyLockCents(1850n, 7)).toBe(12950n);
  });
});

describe('fillCash', () => {
  it.each([
    // limit, trade price, tonnes → cost, released, unlocked
    [2150n, 2000n, 4, 8000n, 600n, 8600n],
    [2000n, 2000n, 3, 6000n, 0n, 6000n],
    [1n, 1n, 1, 1n, 0n, 1n],
  ])('limit %s, trade at %s × %s t', (limit, price, tonnes, cost, released, unlocked) => {
    expect(fillCash(limit, price, tonnes)).toEqual({ costCents: cost, proceedsCents: cost, releasedCents: released, unlockedCents: unlocked });
  });

  it('refuses a trade above the buyer\'s limit and a non-positive quantity', () => {
    expect(() => fillCash(1000n, 1001n, 1)).toThrow(/above the buy limit/);
    expect(() => fillCash(1000n, 900n, 0)).toThrow(/positive integer/);
  });

  it('keeps the lock at limit × remaining after any sequence of fills', () => {
    fc.assert(fc.property(
      fc.bigInt({ min: 1n, max: 100_000_000n }),
      fc.array(fc.record({ discount: fc.bigInt({ min: 0n, max: 1_000_000n }), tonnes: fc.integer({ min: 1, max: 1000 })}), { maxLength: 20 }),
      (limit, fills) => {
        const quantity = fills.reduce((sum, fill) => sum + fill.tonnes, 0) + 1;
        let locked = buyLockCents(limit, quantity);
        let remaining = quantity;
        let spent = 0n;
        for (const fill of fills) {
          const price = limit - fill.discount > 0n ? limit - fill.discount : 1n;
          const cash = fillCash(limit, price, fill.tonnes);
          locked -= cash.unlockedCents;
          remaining -= fill.tonnes;
          spent += cash.costCents;
          expect(cash.costCents + cash.releasedCents).toBe(cash.unlockedCents);
          expect(cash.releasedCents >= 0n).toBe(true);
        }
        expect(locked).toBe(limit * BigInt(remaining));
        expect(spent <= limit * BigInt(quantity - remaining)).toBe(true);
      },
    ));
  });
});

describe('affordableTonnes', () => {
  const asks = [{ priceCents: 4000, quantityTonnes: 5 }, { priceCents: 4500n, quantityTonnes: 5 }];
  it.each([
    ['everything wanted when cash suffices', 1_000_000n, 8, 8],
    ['whole levels, then what the rest of the cash pays for', 28_999n, 10, 6],
    ['nothing when one tonne is too dear', 3_999n, 10, 0],
    ['no more than the book holds', 10_000_000n, 50, 10],
    ['exactly to the last cent', 42_500n, 10, 10],
  ])('%s', (_name, cash, wanted, expected) => {
    expect(affordableTonnes(asks, cash, wanted)).toBe(expected);
  });

  it('never spends more than the cash', () => {
    fc.assert(fc.property(
      fc.array(fc.record({ priceCents: fc.integer({ min: 1, max: 100_000 }), quantityTonnes: fc.integer({ min: 1, max: 50 })}), { maxLength: 10 }),
      fc.bigInt({ min: 0n, max: 10_000_000n }),
      fc.integer({ min: 1, max: 500 }),
      (levels, cash, wanted) => {
        const sorted = [...levels].sort((x, y) => x.priceCents - y.priceCents);
        const tonnes = affordableTonnes(sorted, cash, wanted);
        let left = tonnes;
        let cost = 0n;
        for (const level of sorted) {
          const take = Math.min(left, level.quantityTonnes);
          cost += BigInt(level.priceCents) * BigInt(take);
          left -= take;
        }
        expect(cost <= cash).toBe(true);
        expect(tonnes <= wanted).toBe(true);
      },
    ));
  });
});

describe('takeCostCents', () => {
  it('costs the tonnes taken from the best asks first, stopping at what the levels hold', () => {
    const asks = [{ priceCents: 500, quantityTonnes: 10 }, { priceCents: 600, quantityTonnes: 5 }];
    expect(takeCostCents(asks, 0)).toBe(0n);
    expect(takeCostCents(asks, 4)).toBe(2000n);
    expect(takeCostCents(asks, 12)).toBe(5000n + 1200n);
    expect(takeCostCents(asks, 100)).toBe(5000n + 3000n);
  });
});
