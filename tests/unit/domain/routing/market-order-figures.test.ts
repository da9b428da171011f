import { describe, expect, it } from 'vitest';
import { averagePriceCents, fillVenue, percentFromBasisPoints, slippageBasisPoints } from '@/domain/routing/market-order-figures';

describe('market order figures', () => {
  it('averages cash over tonnes half up to the cent, and has no average for nothing', () => {
    expect(averagePriceCents(3001n, 3n)).toBe(1000n);
    expect(averagePriceCents(3002n, 4n)).toBe(751n);
    expect(averagePriceCents(0n, 0n)).toBeNull();
  });

  it('measures slippage against the taker from the first tonne\'s price, never below 0', () => {
    // 4 t for $37.20 against $9.00 a tonne: $1.20 over $36.00 = 3.33 %.
    expect(percentFromBasisPoints(slippageBasisPoints('buy', 900n, 3720n, 4n))).toBe('3.33');
    // A sell receiving $95.00 for 10 t against $10.00: 5.00 %.
    expect(percentFromBasisPoints(slippageBasisPoints('sell', 1000n, 9500n, 10n))).toBe('5.00');
    expect(slippageBasisPoints('buy', 1000n, 9990n, 10n)).toBe(0n);
    expect(percentFromBasisPoints(7n)).toBe('0.07');
  });

  it('names the venue from the tonnes per venue', () => {
    expect([fillVenue(1, 1), fillVenue(2, 0), fillVenue(0, 3), fillVenue(0, 0)]).toEqual(['both', 'book', 'pool', 'none']);
  });
});
