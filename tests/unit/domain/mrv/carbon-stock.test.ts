import { describe, expect, it } from 'vitest';
import { carbonChange, carbonStock } from '@/domain/mrv/carbon-stock';
import {
  CARBON_FRACTION,
  CO2_CONVERSION_FACTOR,
  REFORESTATION_BIOMASS_PER_HA,
} from '@/domain/mrv/mrv-constants';

describe('MRV constants', () => {
  it('are the SPEC values', () => {
    expect(CARBON_FRACTION).toBe(0.47);
    expect(CO2_CONVERSION_FACTOR).toBe(3.67);
    expect(REFORESTATION_BIOMASS_PER_HA).toBe(150);
  });
});

// The formulas are unrounded floating point, so they are compared to 9 decimals; estimateCarbon rounds them.
describe('carbonStock', () => {
  it.each([
    [1000, 1724.9], // 1000 × 0.47 × 3.67
    [0, 0],
    [1, 1.7249], // 0.47 × 3.67
    [6392, 11025.5608], // 6392 × 1.7249
  ])('stores %s t of biomass as %s t CO2', (biomassTonnes, expectedTonnes) => {
    expect(carbonStock(biomassTonnes)).toBeCloseTo(expectedTonnes, 9);
  });
});

describe('carbonChange', () => {
  it.each([
    [200, 50, 38810.25], // 150 ha × 150 × 0.47 × 3.67
    [100, 100, 0],
    [100, 150, -12936.75], // −50 ha × 150 × 1.7249: a net loss is negative
    [300, 0, 77620.5],
  ])('credits %s ha planted minus %s ha lost as %s t CO2', (reforestationHa, deforestationHa, expectedTonnes) => {
    expect(carbonChange(reforestationHa, deforestationHa)).toBeCloseTo(expectedTonnes, 9);
  });
});
