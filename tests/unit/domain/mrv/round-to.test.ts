import { describe, expect, it } from 'vitest';
import { roundTo } from '@/domain/mrv/round-to';

describe('roundTo', () => {
  it.each([
    [1724.8999999999999, 2, 1724.9],
    [1.005, 2, 1.01], // Math.round(1.005 * 100) / 100 would give 1
    [2.5, 0, 3],
    [-2.5, 0, -3], // halves go away from zero on both sides
    [100.10000000000001, 1, 100.1],
    [25899.373499999998, 2, 25899.37],
    [1e-7, 2, 0], // exponent notation takes the multiplying path
    [123.456, 0, 123],
  ])('rounds %s to %s decimals as %s', (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundTo(-0.0001, 2), 0)).toBe(true);
  });

  it('leaves non-finite values alone', () => {
    expect(roundTo(Number.NaN, 2)).toBeNaN();
    expect(roundTo(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
  });
});
