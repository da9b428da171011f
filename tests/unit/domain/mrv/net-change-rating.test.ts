import { describe, expect, it } from 'vitest';
import { netChangeRating } from '@/domain/mrv/net-change-rating';

describe('netChangeRating', () => {
  it.each([
    [-10, 'POOR'],
    [0, 'POOR'], // exactly 0 is not above 0
    [0.1, 'MODERATE'],
    [50, 'MODERATE'], // exactly 50 is not above 50
    [50.1, 'GOOD'],
    [100, 'GOOD'], // exactly 100 is not above 100
    [100.1, 'EXCELLENT'],
    [300, 'EXCELLENT'],
  ] as const)('rates a net change of %s ha as %s', (netChangeHa, rating) => {
    expect(netChangeRating(netChangeHa)).toBe(rating);
  });
});
