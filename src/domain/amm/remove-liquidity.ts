import { divFloor } from '@/domain/money';
import { InsufficientLpUnitsError, requirePositive } from './amm-error';
import type { PoolState } from './pool-state';
import type { LiquidityChange } from './liquidity-change';

/**
 * Burns `lpUnits` and pays out their pro-rata share of both reserves, each rounded down so that √k per
 * remaining LP unit never decreases. A partial withdrawal therefore always leaves both reserves above 0;
 * withdrawing every unit empties the pool completely (all fields 0), after which it refuses trades until
 * someone seeds it again with `addLiquidity`.
 *
 * Refuses more units than exist (the service checks the provider's own balance). Every unit is worth at
 * least one tonne or one cent, because L ≤ √(credits × cash) ≤ the larger reserve, so nothing is burned for
 * nothing.
 */
export function removeLiquidity(pool: PoolState, lpUnits: bigint): LiquidityChange {
  requirePositive('lpUnits', lpUnits);
  if (lpUnits > pool.totalLpUnits) {
    throw new InsufficientLpUnitsError({ requestedLpUnits: lpUnits, availableLpUnits: pool.totalLpUnits });
  }
  const creditTonnes = divFloor(pool.creditReserve * lpUnits, pool.totalLpUnits);
  const cashCents = divFloor(pool.cashReserveCents * lpUnits, pool.totalLpUnits);
  return {
    creditTonnes,
    cashCents,
    lpUnits,
    poolAfter: {
      creditReserve: pool.creditReserve - creditTonnes,
      cashReserveCents: pool.cashReserveCents - cashCents,
      totalLpUnits: pool.totalLpUnits - lpUnits,
    },
  };
}
