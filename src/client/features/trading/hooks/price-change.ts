import { formatCents } from '@/domain/money';
import type { Candle } from '@/shared/schemas/trading';
import { toCents } from '@/client/lib/format';

export interface PriceChange {
  close: string;
  /** Change of the last close against the previous candle's close; null with a single candle. */
  delta: string | null;
  /** Percent with 2 decimals. */
  percent: string;
  up: boolean;
}

/** The chart header: last close and its change versus the previous candle, computed in exact cents. */
export function priceChange(candles: readonly Candle[]): PriceChange | null {
  const last = candles.at(-1);
  if (!last) return null;
  const previous = candles.at(-2);
  const closeCents = toCents(last.close) ?? 0n;
  const previousCents = previous ? toCents(previous.close) : null;
  if (previousCents === null || previousCents === undefined) return { close: last.close, delta: null, percent: '0.00', up: true };
  const deltaCents = closeCents - previousCents;
  const basisPoints = previousCents > 0n ? (deltaCents * 10_000n) / previousCents : 0n;
  return { close: last.close, delta: formatCents(deltaCents), percent: formatCents(basisPoints), up: deltaCents >= 0n };
}
