import type { Candle } from '@/shared/schemas/trading';
import { formatCents } from '@/domain/money';
import { toCents } from '@/client/lib/format';

export interface PricePoint {
  x: number;
  y: number;
}

/** One day's range as a vertical bar. */
export interface PriceRangeBar {
  x: number;
  yHigh: number;
  yLow: number;
}

export interface PriceSeries {
  /** The close line; with a single day it runs across the whole width, so there is always something to see. */
  line: PricePoint[];
  /** Each day's low–high range. */
  ranges: PriceRangeBar[];
  /** The lowest low and highest high of the days shown (not of the closes), as money strings. */
  low: string;
  high: string;
  firstClose: string;
  lastClose: string;
  days: number;
}

const cents = (amount: string) => Number(toCents(amount) ?? 0n);

/**
 * Lays the daily candles out in a `width` × `height` box (y grows downwards, `padding` kept free top and bottom).
 * The vertical scale spans the real lows and highs, so a day that traded between $18.00 and $24.93 shows that
 * range even when it closed at its high; a flat history is drawn mid-height. Null when nothing has traded.
 */
export function buildPriceSeries(candles: readonly Candle[], width: number, height: number, padding: number): PriceSeries | null {
  if (candles.length === 0) return null;
  const lows = candles.map((candle) => cents(candle.low));
  const highs = candles.map((candle) => cents(candle.high));
  const closes = candles.map((candle) => cents(candle.close));
  const low = Math.min(...lows);
  const high = Math.max(...highs);
  const y = (value: number) => (high === low ? height / 2 : padding + ((high - value) / (high - low)) * (height - 2 * padding));
  // One day: its bar in the middle; several: spread from edge to edge.
  const x = (index: number) => (candles.length === 1 ? width / 2 : (index / (candles.length - 1)) * width);
  const line = candles.length === 1
    ? [{ x: 0, y: y(closes[0]) }, { x: width, y: y(closes[0]) }]
    : closes.map((close, index) => ({ x: x(index), y: y(close) }));
  return {
    line,
    ranges: candles.map((_, index) => ({ x: x(index), yHigh: y(highs[index]), yLow: y(lows[index]) })),
    low: formatCents(BigInt(low)),
    high: formatCents(BigInt(high)),
    firstClose: formatCents(BigInt(closes[0])),
    lastClose: formatCents(BigInt(closes.at(-1)!)),
    days: candles.length,
  };
}
