import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { divCeil, divFloor, formatCents, isqrt, parseCents, roundHalfUp } from '@/domain/money';
import { purchaseCost } from '@/domain/fees';

describe('parseCents', () => {
  it.each([
    ['12', 1200n], ['12.5', 1250n], ['12.50', 1250n], ['0.01', 1n], [' 7.05 ', 705n], [18.5, 1850n], [0.1, 10n], [1000000, 100000000n],
  ] as const)('reads %s as %s cents', (input, cents) => expect(parseCents(input)).toBe(cents));

  it.each(['12.505', '-1', 'abc', '', '1e3', '12.', '.5', 0.1 + 0.2, Number.NaN, Infinity])('refuses %s rather than rounding it', (input) => {
    expect(() => parseCents(input as string | number)).toThrow(/at most 2 decimals/);
  });
});

describe('formatCents', () => {
  it.each([[0n, '0.00'], [5n, '0.05'], [1250n, '12.50'], [-5n, '-0.05'], [123456789n, '1234567.89']] as const)('formats %s as %s', (cents, text) =>
    expect(formatCents(cents)).toBe(text));

  it('round-trips with parseCents', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (cents) => parseCents(formatCents(cents)) === cents));
  });
});

describe('rounding divisions', () => {
  it.each([
    [7n, 2n, 3n, 4n, 4n], [-7n, 2n, -4n, -3n, -4n], [6n, 3n, 2n, 2n, 2n], [5n, 10n, 0n, 1n, 1n], [4n, 10n, 0n, 1n, 0n], [15n, 10n, 1n, 2n, 2n],
  ] as const)('%s / %s: floor %s, ceil %s, half-up %s', (a, b, floor, ceil, half) => {
    expect(divFloor(a, b)).toBe(floor);
    expect(divCeil(a, b)).toBe(ceil);
    expect(roundHalfUp(a, b)).toBe(half);
  });

  it('floor ≤ exact ≤ ceil, and they differ by at most one', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (a, b) => {
      const floor = divFloor(a, b);
      const ceil = divCeil(a, b);
      return floor * b <= a && a <= ceil * b && ceil - floor <= 1n;
    }));
  });
});

describe('isqrt', () => {
  it.each([[0n, 0n], [1n, 1n], [3n, 1n], [4n, 2n], [1_000_000_000n, 31622n], [10n ** 30n, 10n ** 15n]] as const)('isqrt(%s) = %s', (n, root) =>
    expect(isqrt(n)).toBe(root));

  it('is the largest root whose square does not exceed the value', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), (n) => {
      const root = isqrt(n);
      return root * root <= n && (root + 1n) * (root + 1n) > n;
    }));
  });
});

describe('purchaseCost', () => {
  it.each([
    // price cents, tonnes, subtotal, fee, total
    [1850n, 3, 5550n, 111n, 5661n],
    [1n, 25, 25n, 1n, 26n], // 0.50 cent fee rounds half up
    [1n, 24, 24n, 0n, 24n], // 0.48 cent rounds down
    [1n, 75, 75n, 2n, 77n], // 1.5 cents rounds up to 2
    [7800n, 700, 5460000n, 109200n, 5569200n],
  ] as const)('%s cents × %s t: subtotal %s, fee %s, total %s', (price, quantity, subtotal, fee, total) => {
    expect(purchaseCost(price, quantity)).toEqual({ subtotalCents: subtotal, feeCents: fee, totalCents: total });
  });

  it('charges a fee within half a cent of 2% and total = subtotal + fee', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 100_000_000n }), fc.integer({ min: 1, max: 1_000_000_000 }), (price, quantity) => {
      const cost = purchaseCost(price, quantity);
      const exactTimes100 = cost.subtotalCents * 2n;
      const diff = cost.feeCents * 100n - exactTimes100;
      return cost.totalCents === cost.subtotalCents + cost.feeCents && diff > -50n && diff <= 50n;
    }));
  });
});
