import { divCeil, divFloor } from '@/domain/money';
import type { PoolState } from './pool-state';

/**
 * Swap fee: 3/1000 = 0.3% of the trade's cash leg, kept in the pool's cash reserve for the liquidity
 * providers. It is taken in cash in both directions because credits are whole tonnes and 0.3% of a tonne
 * cannot be kept:
 * - buying credits, the trader pays the no-fee cost `net` grossed up so that 0.3% of the payment is fee
 *   (total = ⌈net × 1000 / 997⌉, fee = total − net);
 * - selling credits, the no-fee proceeds `gross` are reduced by 0.3% of themselves rounded up
 *   (fee = ⌈gross × 3 / 1000⌉, received = gross − fee).
 */
export const AMM_FEE_NUMERATOR = 3n;
export const AMM_FEE_DENOMINATOR = 1000n;
/** The share of a cash leg that moves the curve: 997/1000. */
export const AMM_KEPT_NUMERATOR = AMM_FEE_DENOMINATOR - AMM_FEE_NUMERATOR;

/** The cash side of a swap: what the trader pays (buy) or receives (sell), and the fee inside it. */
export interface CashLeg {
  cashCents: bigint;
  feeCents: bigint;
}

/**
 * Cash needed to take `creditsOut` tonnes (0 ≤ creditsOut < creditReserve) out of the pool, fee included.
 * Both roundings go up, so (credits − out) × (cash + paid) ≥ k: the pool is never short-changed.
 */
export function buyCostCents(pool: PoolState, creditsOut: bigint): CashLeg {
  const netCents = divCeil(pool.cashReserveCents * creditsOut, pool.creditReserve - creditsOut);
  const cashCents = divCeil(netCents * AMM_FEE_DENOMINATOR, AMM_KEPT_NUMERATOR);
  return { cashCents, feeCents: cashCents - netCents };
}

/**
 * Cash received for putting `creditsIn` tonnes (≥ 0) into the pool, after the fee. The no-fee proceeds
 * round down and the fee rounds up, so (credits + in) × (cash − received) ≥ k.
 */
export function sellProceedsCents(pool: PoolState, creditsIn: bigint): CashLeg {
  const grossCents = divFloor(pool.cashReserveCents * creditsIn, pool.creditReserve + creditsIn);
  const feeCents = divCeil(grossCents * AMM_FEE_NUMERATOR, AMM_FEE_DENOMINATOR);
  return { cashCents: grossCents - feeCents, feeCents };
}

/**
 * The most whole tonnes a cash budget (≥ 0) can buy: ⌊credits × net / (cash + net)⌋ with
 * net = ⌊budget × 997 / 1000⌋. This is exactly the largest n with buyCostCents(pool, n) ≤ budget, and it is
 * always below the credit reserve.
 */
export function creditsForCashCents(pool: PoolState, budgetCents: bigint): bigint {
  const netCents = divFloor(budgetCents * AMM_KEPT_NUMERATOR, AMM_FEE_DENOMINATOR);
  return divFloor(pool.creditReserve * netCents, pool.cashReserveCents + netCents);
}
