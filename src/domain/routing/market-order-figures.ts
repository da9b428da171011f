import { roundHalfUp } from '@/domain/money';
import type { OrderSide } from './fill-plan';

/**
 * The figures a trader reads before and after a market order, from tonnes and cash: the quote and the fill
 * summary use these same functions, so the preview and the result round alike.
 */

/** Cash ÷ tonnes rounded half up to the cent; null when nothing filled. */
export function averagePriceCents(cashCents: bigint, tonnes: bigint): bigint | null {
  return tonnes === 0n ? null : roundHalfUp(cashCents, tonnes);
}

/**
 * How far the whole order's cash is from `tonnes` at the first tonne's price, against the taker (a buy paying more,
 * a sell receiving less), in hundredths of a percent (basis points), rounded half up; never below 0.
 */
export function slippageBasisPoints(side: OrderSide, bestPriceCents: bigint, cashCents: bigint, tonnes: bigint): bigint {
  const atBest = bestPriceCents * tonnes;
  if (atBest === 0n) return 0n;
  const worse = side === 'buy' ? cashCents - atBest : atBest - cashCents;
  return worse <= 0n ? 0n : roundHalfUp(worse * 10_000n, atBest);
}

/** Basis points as a percent with 2 decimals: 125n → "1.25". */
export function percentFromBasisPoints(basisPoints: bigint): string {
  return `${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, '0')}`;
}

/** Where a market order fills, from its tonnes per venue. */
export function fillVenue(bookTonnes: number, poolTonnes: number): 'book' | 'pool' | 'both' | 'none' {
  if (bookTonnes > 0 && poolTonnes > 0) return 'both';
  if (bookTonnes > 0) return 'book';
  return poolTonnes > 0 ? 'pool' : 'none';
}
