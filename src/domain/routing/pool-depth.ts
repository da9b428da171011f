import { AMM_FEE_DENOMINATOR, AMM_KEPT_NUMERATOR, buyCostCents, sellProceedsCents } from '@/domain/amm/swap-amounts';
import type { PoolState } from '@/domain/amm/pool-state';
import type { OrderSide } from './fill-plan';

/** The pool if it can trade, else null (absent, or emptied by its providers). */
export function tradablePool(pool: PoolState | null | undefined): PoolState | null {
  return pool && pool.creditReserve > 0n && pool.cashReserveCents > 0n ? pool : null;
}

/** Most tonnes the pool can take part in: it never sells its last tonne, and it buys without limit. */
export function poolCapacityTonnes(side: OrderSide, pool: PoolState | null, quantity: bigint): bigint {
  if (!pool) return 0n;
  return side === 'buy' ? pool.creditReserve - 1n : quantity;
}

/**
 * Cash of one pool swap of `tonnes`, exactly as `quoteBuyCredits` / `quoteSellCredits` would quote it
 * (paid for a buy, received for a sell, fee included); 0 for 0 tonnes.
 */
export function poolCashCents(side: OrderSide, pool: PoolState, tonnes: bigint): bigint {
  if (tonnes === 0n) return 0n;
  return side === 'buy' ? buyCostCents(pool, tonnes).cashCents : sellProceedsCents(pool, tonnes).cashCents;
}

/**
 * True when the pool's n-th tonne is strictly better for the taker than `priceCents`, judged on the exact
 * (unrounded) marginal price of the curve with its fee:
 *   buy:  1000/997 × x·y / ((x−n)(x−n+1))  <  price   (the cost of tonne n rises with n)
 *   sell:  997/1000 × x·y / ((x+n)(x+n−1))  >  price   (the proceeds of tonne n fall with n)
 * The exact marginal is monotone in n, which the rounded cent differences are not, so it can be binary
 * searched. Ties go to the book because the pool's rounding can only make it slightly worse.
 */
function poolTonneBeats(side: OrderSide, pool: PoolState, n: bigint, priceCents: bigint): boolean {
  const x = pool.creditReserve;
  const k = x * pool.cashReserveCents;
  if (side === 'buy') return AMM_FEE_DENOMINATOR * k < AMM_KEPT_NUMERATOR * priceCents * (x - n) * (x - n + 1n);
  return AMM_KEPT_NUMERATOR * k > AMM_FEE_DENOMINATOR * priceCents * (x + n) * (x + n - 1n);
}

/**
 * The largest n in [atLeast, atMost] such that the pool's n-th tonne beats `priceCents` (or `atLeast` if
 * none beyond it does). Tonnes up to `atLeast` are taken as already decided. Binary search: O(log range).
 */
export function poolTonnesBeating(
  side: OrderSide,
  pool: PoolState,
  priceCents: bigint,
  atLeast: bigint,
  atMost: bigint,
): bigint {
  // Most levels of a deep book gain no pool tonne at all; one comparison settles them without a search.
  if (atLeast >= atMost || !poolTonneBeats(side, pool, atLeast + 1n, priceCents)) return atLeast;
  let low = atLeast + 1n;
  let high = atMost;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (poolTonneBeats(side, pool, middle, priceCents)) low = middle;
    else high = middle - 1n;
  }
  return low;
}
