import { describe, expect, it } from 'vitest';
import { estimateCarbon } from '@/domain/mrv/estimate-carbon';
import { satelliteFixture } from './satellite-fixture';

describe('estimateCarbon', () => {
  it('rounds the stock and change once to 2 decimals and rates a clear, confident image high', () => {
    // 1000 × 0.47 × 3.67 = 1724.9 (1724.8999999999999 before rounding); (200 − 50) × 150 × 1.7249 = 38810.25.
    expect(estimateCarbon(satelliteFixture())).toEqual({
      totalCarbon: 1724.9,
      carbonChange: 38810.25,
      methodology: 'IPCC Tier 2 + Satellite Remote Sensing',
      uncertainty: 15,
      verificationLevel: 'high',
    });
  });

  it('rounds a third decimal half away from zero', () => {
    // 100.1 × 150 × 1.7249 = 25899.3735 (25899.373499999998 in binary) → 25899.37.
    const data = satelliteFixture({ changeDetection: { reforestation: 100.1, deforestation: 0, degradation: 0 } });
    expect(estimateCarbon(data).carbonChange).toBe(25899.37);
  });

  it('reports a net loss as a negative change', () => {
    const data = satelliteFixture({ changeDetection: { reforestation: 100, deforestation: 150, degradation: 0 } });
    expect(estimateCarbon(data).carbonChange).toBe(-12936.75);
  });

  it('gives medium with cloud cover exactly 0.1', () => {
    const estimate = estimateCarbon(satelliteFixture({ cloudCover: 0.1, confidence: 0.95 }));
    expect([estimate.uncertainty, estimate.verificationLevel]).toEqual([20, 'medium']);
  });

  it('gives medium at the default uncertainty of 25 % (confidence exactly 0.8)', () => {
    const estimate = estimateCarbon(satelliteFixture({ confidence: 0.8 }));
    expect([estimate.uncertainty, estimate.verificationLevel]).toEqual([25, 'medium']);
  });
});
