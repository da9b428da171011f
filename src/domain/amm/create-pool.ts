import { isqrt } from '@/domain/money';
import { requirePositive } from './amm-error';
import type { PoolState } from './pool-state';

/**
 * Seeds a pool with `creditTonnes` and `cashCents` (both > 0). Its spot price is cash / credits cents per
 * tonne (SPEC.md §9: initial price = token amount / credit amount) and it issues isqrt(credits × cash) LP
 * units, rounded down, so that √k per LP unit starts at 1 or a little above and can only grow.
 */
export function createPool(creditTonnes: bigint, cashCents: bigint): PoolState {
  requirePositive('creditTonnes', creditTonnes);
  requirePositive('cashCents', cashCents);
  return {
    creditReserve: creditTonnes,
    cashReserveCents: cashCents,
    totalLpUnits: isqrt(creditTonnes * cashCents),
  };
}
