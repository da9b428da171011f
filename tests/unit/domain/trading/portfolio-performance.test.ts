import { describe, expect, it } from 'vitest';
import { positionPerformance, totalPerformance } from '@/domain/trading/portfolio-performance';

describe('positionPerformance', () => {
  it('marks at the last trade price', () => {
    expect(positionPerformance({ quantityTonnes: 5, costBasisCents: 9300n, lastTradePriceCents: 1900n, listPriceCents: 1740n })).toEqual({
      quantityTonnes: 5, costBasisCents: 9300n, marketPriceCents: 1900n, marketValueCents: 9500n, unrealisedPnlCents: 200n, unrealisedPnlBasisPoints: 215n,
    });
  });

  it('falls back to the list price, and reports losses as negative with half-away-from-zero rounding', () => {
    // 3 t bought for 31.00, list price 10.00: −1.00 = −3.2258 % → −3.23 %.
    expect(positionPerformance({ quantityTonnes: 3, costBasisCents: 3100n, lastTradePriceCents: null, listPriceCents: 1000n }))
      .toMatchObject({ marketPriceCents: 1000n, marketValueCents: 3000n, unrealisedPnlCents: -100n, unrealisedPnlBasisPoints: -323n });
  });

  it('has no percentage without a cost basis', () => {
    expect(positionPerformance({ quantityTonnes: 0, costBasisCents: 0n, lastTradePriceCents: 500n, listPriceCents: 400n }).unrealisedPnlBasisPoints).toBe(0n);
  });
});

describe('totalPerformance', () => {
  it('sums positions and recomputes the percentage on the totals', () => {
    const a = positionPerformance({ quantityTonnes: 5, costBasisCents: 9300n, lastTradePriceCents: 1900n, listPriceCents: 1740n });
    const b = positionPerformance({ quantityTonnes: 3, costBasisCents: 3100n, lastTradePriceCents: null, listPriceCents: 1000n });
    // 12,500 value on 12,400 cost: +100 = +0.81 %.
    expect(totalPerformance([a, b])).toEqual({
      quantityTonnes: 8, costBasisCents: 12400n, marketPriceCents: null, marketValueCents: 12500n, unrealisedPnlCents: 100n, unrealisedPnlBasisPoints: 81n,
    });
    expect(totalPerformance([])).toMatchObject({ quantityTonnes: 0, unrealisedPnlBasisPoints: 0n });
  });
});
