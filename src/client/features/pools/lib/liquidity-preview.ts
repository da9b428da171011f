import { addLiquidity } from '@/domain/amm/add-liquidity';
import { AmmError } from '@/domain/amm/amm-error';
import { removeLiquidity } from '@/domain/amm/remove-liquidity';
import type { PoolState } from '@/domain/amm/pool-state';
import { formatCents } from '@/domain/money';
import type { Pool } from '@/shared/schemas/pool';
import { toCents } from '@/client/lib/format';

/** The exact integer state behind a pool as the API shows it. */
export function poolState(pool: Pool): PoolState {
  return { creditReserve: BigInt(pool.creditReserve), cashReserveCents: toCents(pool.tokenReserve) ?? 0n, totalLpUnits: BigInt(pool.totalLiquidity) };
}

export interface LiquidityPreview {
  creditAmount: number;
  tokenAmount: string;
  lpUnits: number;
}

/**
 * What a deposit would take and give, computed with the same domain maths as the server (so the preview is exact
 * for the pool as last fetched): the current ratio limits one side; on an empty pool the deposit seeds it.
 * Null when the amounts are invalid or worth less than one LP unit.
 */
export function depositPreview(pool: Pool | null, creditTonnes: number | null, tokenDollars: string | null): LiquidityPreview | null {
  const cashCents = tokenDollars === null ? null : toCents(tokenDollars);
  if (creditTonnes === null || cashCents === null || cashCents <= 0n) return null;
  const state = pool ? poolState(pool) : { creditReserve: 0n, cashReserveCents: 0n, totalLpUnits: 0n };
  try {
    const change = addLiquidity(state, BigInt(creditTonnes), cashCents);
    return { creditAmount: Number(change.creditTonnes), tokenAmount: formatCents(change.cashCents), lpUnits: Number(change.lpUnits) };
  } catch (error) {
    if (error instanceof AmmError) return null;
    throw error;
  }
}

/** What burning `lpUnits` would pay out now (each side rounded down, like the server); null when invalid. */
export function withdrawalPreview(pool: Pool, lpUnits: number | null): LiquidityPreview | null {
  if (lpUnits === null || lpUnits > pool.totalLiquidity) return null;
  try {
    const change = removeLiquidity(poolState(pool), BigInt(lpUnits));
    return { creditAmount: Number(change.creditTonnes), tokenAmount: formatCents(change.cashCents), lpUnits };
  } catch (error) {
    if (error instanceof AmmError) return null;
    throw error;
  }
}
