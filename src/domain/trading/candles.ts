/** Candle intervals of the price chart (SPEC.md section 9). */
export type CandleInterval = '1h' | '1d' | '1w';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday: shifting by 3 days puts week boundaries on Mondays (ISO weeks). */
const MONDAY_SHIFT_MS = 3 * DAY_MS;

export const INTERVAL_MS: Record<CandleInterval, number> = { '1h': HOUR_MS, '1d': DAY_MS, '1w': WEEK_MS };

export interface CandleTrade {
  id: number;
  timeMs: number;
  priceCents: bigint;
  quantityTonnes: number;
}

/** One OHLCV bucket; prices in cents, volume in tonnes. */
export interface Candle {
  /** Start of the bucket (UTC). */
  timeMs: number;
  openCents: bigint;
  highCents: bigint;
  lowCents: bigint;
  closeCents: bigint;
  volumeTonnes: number;
}

/**
 * Start of the UTC bucket holding `timeMs`: whole hours, days at 00:00 UTC, weeks from Monday 00:00 UTC.
 * Floors toward negative infinity so times before 1970 land in the right bucket too.
 */
export function bucketStartMs(timeMs: number, interval: CandleInterval): number {
  if (interval === '1w') return Math.floor((timeMs + MONDAY_SHIFT_MS) / WEEK_MS) * WEEK_MS - MONDAY_SHIFT_MS;
  const size = INTERVAL_MS[interval];
  return Math.floor(timeMs / size) * size;
}

/**
 * OHLCV candles of the buckets that have trades, oldest first, keeping only the latest `limit`. Trades are taken
 * in execution order (time, then id), so open is the first trade of the bucket and close the last. Buckets without
 * trades get no candle: the chart shows a gap rather than an invented price.
 */
export function buildCandles(trades: readonly CandleTrade[], interval: CandleInterval, limit: number): Candle[] {
  const ordered = [...trades].sort((a, b) => a.timeMs - b.timeMs || a.id - b.id);
  const candles: Candle[] = [];
  let current: Candle | null = null;
  for (const trade of ordered) {
    const start = bucketStartMs(trade.timeMs, interval);
    if (current === null || current.timeMs !== start) {
      current = {
        timeMs: start,
        openCents: trade.priceCents,
        highCents: trade.priceCents,
        lowCents: trade.priceCents,
        closeCents: trade.priceCents,
        volumeTonnes: 0,
      };
      candles.push(current);
    }
    if (trade.priceCents > current.highCents) current.highCents = trade.priceCents;
    if (trade.priceCents < current.lowCents) current.lowCents = trade.priceCents;
    current.closeCents = trade.priceCents;
    current.volumeTonnes += trade.quantityTonnes;
  }
  return limit <= 0 ? [] : candles.slice(-limit);
}

/** Earliest trade time that can appear in the latest `limit` candles ending at `nowMs`. */
export function candleWindowStartMs(nowMs: number, interval: CandleInterval, limit: number): number {
  return bucketStartMs(nowMs, interval) - (Math.max(limit, 1) - 1) * INTERVAL_MS[interval];
}
