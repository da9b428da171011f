import { divCeil, divFloor, formatCents } from '@/domain/money';
import type { SwapSide } from '@/shared/schemas/pool';
import { toCents } from '@/client/lib/format';

/** The slippage presets of the swap form, in percent. */
export const SLIPPAGE_PRESETS = ['0.5', '1', '2'] as const;
export const DEFAULT_SLIPPAGE = '0.5';
/** A custom tolerance above this is almost certainly a typo (and would accept nearly any price). */
export const MAX_SLIPPAGE_PERCENT = 50;

const BASIS_POINTS = 10_000n;

/** "0.5" → 50 bps; null unless it is a percentage ≥ 0 and ≤ 50 with at most 2 decimals. */
export function slippageBps(percentText: string): bigint | null {
  const hundredths = toCents(percentText.trim());
  if (hundredths === null || hundredths > BigInt(MAX_SLIPPAGE_PERCENT * 100)) return null;
  return hundredths;
}

/**
 * The bound a swap is sent with, from the quoted cash total (dollars) and the tolerance: a buy may cost at most
 * total × (1 + s), rounded up to the cent; a sell must pay at least total × (1 − s), rounded down. Rounding
 * outward means a swap at exactly the quoted price is never refused by its own bound.
 */
export function slippageBound(side: SwapSide, totalDollars: string, bps: bigint): { field: 'maxAmountIn' | 'minAmountOut'; amount: string } | null {
  const totalCents = toCents(totalDollars);
  if (totalCents === null) return null;
  if (side === 'buy') return { field: 'maxAmountIn', amount: formatCents(divCeil(totalCents * (BASIS_POINTS + bps), BASIS_POINTS)) };
  return { field: 'minAmountOut', amount: formatCents(divFloor(totalCents * (BASIS_POINTS - bps), BASIS_POINTS)) };
}

/** Whole tonnes typed in a form: a positive integer, else null. */
export function parseTonnes(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && Number.isSafeInteger(value) ? value : null;
}

/** A positive dollar amount typed in a form (at most 2 decimals), kept as the string the API expects; else null. */
export function parseDollars(text: string): string | null {
  const cents = toCents(text.trim());
  return cents !== null && cents > 0n ? formatCents(cents) : null;
}
