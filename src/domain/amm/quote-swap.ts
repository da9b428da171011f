import { divCeil } from '@/domain/money';
import { EmptyPoolError, InsufficientLiquidityError, requirePositive } from './amm-error';
import { displayPriceCents, spotPrice, type ExactPrice, type PoolState } from './pool-state';
import { buyCostCents, creditsForCashCents, sellProceedsCents, type CashLeg } from './swap-amounts';

/** buy: the trader takes credits out of the pool and pays cash; sell: puts credits in and receives cash. */
export type SwapSide = 'buy' | 'sell';

const BASIS_POINTS = 10_000n;

/**
 * What a swap does, computed before it happens. Executing it means moving exactly these amounts and
 * storing `poolAfter`; the reserve product of `poolAfter` is never below the pool's.
 */
export interface SwapQuote {
  side: SwapSide;
  /** Tonnes the trader receives (buy) or gives (sell). */
  creditsTonnes: bigint;
  /** Cents the trader pays, fee included (buy), or receives, fee deducted (sell). */
  cashCents: bigint;
  /** What the trader hands over: cents for a buy, tonnes for a sell. */
  amountIn: bigint;
  /** What the trader gets: tonnes for a buy, cents for a sell. */
  amountOut: bigint;
  /** The 0.3% swap fee in cents, already inside `cashCents`; it stays in the pool. */
  feeCents: bigint;
  /** cashCents / creditsTonnes, fee included; null when no tonne moves. */
  averagePrice: ExactPrice | null;
  averagePriceCents: bigint | null;
  spotPriceBefore: ExactPrice;
  /** The pool's spot price after the swap (fee excluded): the price of the next infinitesimal trade. */
  marginalPriceAfter: ExactPrice;
  marginalPriceAfterCents: bigint;
  /**
   * How far the fee-excluded average price is from the pre-trade spot price, in basis points, always ≥ 0
   * (worse for the trader), rounded up so that it is never understated; null when no tonne moves.
   */
  priceImpactBps: bigint | null;
  poolAfter: PoolState;
}

/**
 * Exact-out buy: the cash (fee included, rounded up) needed to take `creditsOut` tonnes out of the pool.
 * Refuses `creditsOut` ≥ the credit reserve because a constant-product pool cannot be emptied.
 */
export function quoteBuyCredits(pool: PoolState, creditsOut: bigint): SwapQuote {
  requirePositive('creditsOut', creditsOut);
  requireTradable(pool);
  if (creditsOut >= pool.creditReserve) {
    throw new InsufficientLiquidityError({
      requestedTonnes: creditsOut,
      availableTonnes: pool.creditReserve - 1n,
    });
  }
  return buildQuote(pool, 'buy', creditsOut, buyCostCents(pool, creditsOut));
}

/** Exact-in sell: the cash received (fee deducted, rounded down) for putting `creditsIn` tonnes in. */
export function quoteSellCredits(pool: PoolState, creditsIn: bigint): SwapQuote {
  requirePositive('creditsIn', creditsIn);
  requireTradable(pool);
  return buildQuote(pool, 'sell', creditsIn, sellProceedsCents(pool, creditsIn));
}

/** The quote of a swap of an exact number of tonnes: bought out of the pool (exact-out) or sold into it (exact-in). */
export function quoteExactTonnes(pool: PoolState, side: SwapSide, tonnes: bigint): SwapQuote {
  return side === 'buy' ? quoteBuyCredits(pool, tonnes) : quoteSellCredits(pool, tonnes);
}

/**
 * Exact-in buy with a cash budget: the most whole tonnes `budgetCents` can buy (rounded down, possibly 0).
 * Only the cash those tonnes cost is taken (the exact-out quote of that many tonnes, ≤ the budget): the
 * rest of the budget stays with the trader rather than being given to the pool for a fraction of a tonne.
 */
export function quoteBuyWithCash(pool: PoolState, budgetCents: bigint): SwapQuote {
  requirePositive('budgetCents', budgetCents);
  requireTradable(pool);
  const creditsOut = creditsForCashCents(pool, budgetCents);
  if (creditsOut === 0n) return buildQuote(pool, 'buy', 0n, { cashCents: 0n, feeCents: 0n });
  return quoteBuyCredits(pool, creditsOut);
}

function requireTradable(pool: PoolState): void {
  if (pool.creditReserve <= 0n || pool.cashReserveCents <= 0n) throw new EmptyPoolError();
}

function buildQuote(pool: PoolState, side: SwapSide, creditsTonnes: bigint, leg: CashLeg): SwapQuote {
  const buying = side === 'buy';
  const poolAfter: PoolState = {
    creditReserve: pool.creditReserve + (buying ? -creditsTonnes : creditsTonnes),
    cashReserveCents: pool.cashReserveCents + (buying ? leg.cashCents : -leg.cashCents),
    totalLpUnits: pool.totalLpUnits,
  };
  const averagePrice = creditsTonnes === 0n ? null : { cashCents: leg.cashCents, tonnes: creditsTonnes };
  const marginalPriceAfter = spotPrice(poolAfter);
  return {
    side,
    creditsTonnes,
    cashCents: leg.cashCents,
    amountIn: buying ? leg.cashCents : creditsTonnes,
    amountOut: buying ? creditsTonnes : leg.cashCents,
    feeCents: leg.feeCents,
    averagePrice,
    averagePriceCents: averagePrice && displayPriceCents(averagePrice),
    spotPriceBefore: spotPrice(pool),
    marginalPriceAfter,
    marginalPriceAfterCents: displayPriceCents(marginalPriceAfter),
    priceImpactBps: creditsTonnes === 0n ? null : priceImpactBps(pool, side, creditsTonnes, leg),
    poolAfter,
  };
}

/** (fee-excluded average − spot) / spot for a buy, (spot − average) / spot for a sell, in bps, rounded up. */
function priceImpactBps(pool: PoolState, side: SwapSide, creditsTonnes: bigint, leg: CashLeg): bigint {
  const spotValueCents = pool.cashReserveCents * creditsTonnes; // spot value × creditReserve
  const curveCents = side === 'buy' ? leg.cashCents - leg.feeCents : leg.cashCents + leg.feeCents;
  const shortfall =
    side === 'buy'
      ? curveCents * pool.creditReserve - spotValueCents
      : spotValueCents - curveCents * pool.creditReserve;
  return divCeil(shortfall * BASIS_POINTS, spotValueCents);
}
