import { roundHalfUp } from '@/domain/money';

/**
 * A constant-product pool of one project: whole tonnes against integer cents. `totalLpUnits` counts the
 * shares of all liquidity providers; a pool whose providers all withdrew has every field at 0.
 */
export interface PoolState {
  creditReserve: bigint;
  cashReserveCents: bigint;
  totalLpUnits: bigint;
}

/**
 * An exact price in cents per tonne, kept as the fraction `cashCents / tonnes` so that comparisons and
 * invariants never see a rounded value. Round only for display, with `displayPriceCents`.
 */
export interface ExactPrice {
  cashCents: bigint;
  tonnes: bigint;
}

/** The pool's spot price (cash reserve / credit reserve, fee excluded) as an exact fraction of cents per tonne. */
export function spotPrice(pool: PoolState): ExactPrice {
  return { cashCents: pool.cashReserveCents, tonnes: pool.creditReserve };
}

/** An exact price rounded half-up to the cent, for display and for the API's `currentPrice`. */
export function displayPriceCents(price: ExactPrice): bigint {
  return roundHalfUp(price.cashCents, price.tonnes);
}

/** True once every provider has withdrawn: the pool then has no price and refuses trades. */
export function isEmptyPool(pool: PoolState): boolean {
  return pool.totalLpUnits === 0n;
}

/** The reserve product k = credits × cash that every swap must leave undiminished. */
export function reserveProduct(pool: PoolState): bigint {
  return pool.creditReserve * pool.cashReserveCents;
}
