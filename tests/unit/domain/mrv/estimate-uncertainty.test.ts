import { describe, expect, it } from 'vitest';
import { estimateUncertainty } from '@/domain/mrv/estimate-uncertainty';

describe('estimateUncertainty', () => {
  it.each([
    // confidence, cloudCover, percent
    [0.8, 0.05, 25], // exactly 0.8 is not above 0.8
    [0.8001, 0.05, 20],
    [0.85, 0.15, 20],
    [0.9, 0.05, 20], // exactly 0.9 is not above 0.9
    [0.9001, 0.05, 15],
    [0.95, 0.1, 20], // cloud cover exactly 0.1 is not below 0.1
    [0.95, 0.0999, 15],
    [0.95, 0, 15],
    [1, 0.2, 20],
    [0.5, 0, 25],
  ])('confidence %s with cloud cover %s gives %s percent', (confidence, cloudCover, percent) => {
    expect(estimateUncertainty(confidence, cloudCover)).toBe(percent);
  });
});
