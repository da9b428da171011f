import { describe, expect, it } from 'vitest';
import { buildPriceSeries } from '@/client/features/projects/lib/price-series';
import type { Candle } from '@/shared/schemas/trading';

const candle = (day: string, open: string, high: string, low: string, close: string): Candle => ({ time: `${day}T00:00:00.000Z`, open, high, low, close, volume: 5 });

describe('buildPriceSeries', () => {
  it('has nothing to draw without trades', () => {
    expect(buildPriceSeries([], 600, 160, 12)).toBeNull();
  });

  it('draws one day as a line across the box and shows its real low and high, not the close', () => {
    const series = buildPriceSeries([candle('2026-03-01', '24.93', '24.93', '18.00', '24.93')], 600, 160, 12)!;
    expect(series).toMatchObject({ low: '18.00', high: '24.93', days: 1, firstClose: '24.93', lastClose: '24.93' });
    // A visible line: two points from edge to edge, at the top (the close is the high).
    expect(series.line).toEqual([{ x: 0, y: 12 }, { x: 600, y: 12 }]);
    // The day's range runs from the top padding to the bottom one.
    expect(series.ranges).toEqual([{ x: 300, yHigh: 12, yLow: 148 }]);
  });

  it('draws a flat day mid-height', () => {
    const series = buildPriceSeries([candle('2026-03-01', '20.00', '20.00', '20.00', '20.00')], 600, 160, 12)!;
    expect(series.line.map((point) => point.y)).toEqual([80, 80]);
    expect(series.line[1].x - series.line[0].x).toBe(600);
  });

  it('spreads several days from edge to edge and scales by the lows and highs', () => {
    const series = buildPriceSeries([
      candle('2026-03-01', '10.00', '12.00', '10.00', '11.00'),
      candle('2026-03-02', '11.00', '20.00', '11.00', '20.00'),
      candle('2026-03-03', '20.00', '20.00', '15.00', '15.00'),
    ], 100, 120, 10)!;
    expect(series).toMatchObject({ low: '10.00', high: '20.00', days: 3, firstClose: '11.00', lastClose: '15.00' });
    expect(series.line).toEqual([{ x: 0, y: 100 }, { x: 50, y: 10 }, { x: 100, y: 60 }]);
  });
});
