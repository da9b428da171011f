import { divCeil, divFloor } from '@/domain/money';
import { LiquidityTooSmallError, requirePositive } from './amm-error';
import { createPool } from './create-pool';
import { isEmptyPool, type PoolState } from './pool-state';
import type { LiquidityChange } from './liquidity-change';

/**
 * Deposits at most `creditTonnes` and `cashCents` at the pool's current ratio. The provider receives
 * L' = min(credits × L / creditReserve, cash × L / cashReserve) LP units, rounded down, and the pool takes
 * only what those units are worth, each side rounded up: ⌈L' × reserve / L⌉ ≤ what was offered. The excess of
 * the other side is not taken. Rounding this way means √k per LP unit never decreases, so existing providers
 * are never diluted.
 *
 * A pool that every provider left (all zero) is seeded again like `createPool`: the deposit sets the price.
 * Refuses a deposit worth less than one LP unit.
 */
export function addLiquidity(pool: PoolState, creditTonnes: bigint, cashCents: bigint): LiquidityChange {
  requirePositive('creditTonnes', creditTonnes);
  requirePositive('cashCents', cashCents);
  if (isEmptyPool(pool)) return seedEmptyPool(pool, creditTonnes, cashCents);

  const lpUnits = minBigInt(
    divFloor(creditTonnes * pool.totalLpUnits, pool.creditReserve),
    divFloor(cashCents * pool.totalLpUnits, pool.cashReserveCents),
  );
  if (lpUnits === 0n) throw new LiquidityTooSmallError({ creditTonnes, cashCents });

  const takenTonnes = divCeil(lpUnits * pool.creditReserve, pool.totalLpUnits);
  const takenCents = divCeil(lpUnits * pool.cashReserveCents, pool.totalLpUnits);
  return {
    creditTonnes: takenTonnes,
    cashCents: takenCents,
    lpUnits,
    poolAfter: {
      creditReserve: pool.creditReserve + takenTonnes,
      cashReserveCents: pool.cashReserveCents + takenCents,
      totalLpUnits: pool.totalLpUnits + lpUnits,
    },
  };
}

function seedEmptyPool(pool: PoolState, creditTonnes: bigint, cashCents: bigint): LiquidityChange {
  // An empty pool must hold nothing; reserves without LP units would be handed to this depositor for free.
  if (pool.creditReserve !== 0n || pool.cashReserveCents !== 0n) {
    throw new Error('A pool without LP units must have empty reserves');
  }
  const poolAfter = createPool(creditTonnes, cashCents);
  return { creditTonnes, cashCents, lpUnits: poolAfter.totalLpUnits, poolAfter };
}

function minBigInt(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
