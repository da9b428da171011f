import { requirePositive } from '@/domain/amm/amm-error';
import type { PoolState } from '@/domain/amm/pool-state';
import { assertBookLevels, bookCashCents, bookDepthTonnes } from './book-depth';
import { buildFillPlan } from './build-fill-plan';
import type { FillPlan, MarketOrderInput } from './fill-plan';
import { poolCapacityTonnes, poolCashCents, poolTonnesBeating, tradablePool } from './pool-depth';

/**
 * Best execution of a market order across the book side `levels` and the pool. It fills as much as both
 * venues together can (the rest is unfilled: market orders are IOC) and splits it so that every tonne comes
 * from the cheaper venue (buy) or the better-paying one (sell):
 * 1. Walk the levels best first. Before each level, take from the pool every tonne whose exact marginal price
 *    beats the level's price — found by binary search on the tonne count, never by looping per tonne.
 * 2. The pool rounds each swap against the trader (a buy costs < 2.004 c more than the exact curve, a sell
 *    pays < 1.997 c less), so step 1 can pick a pool tonne that is worse once rounded. The split from step 1
 *    is therefore compared, in real rounded cents, with the all-book and all-pool splits of the same quantity
 *    (where feasible) and the best is kept (ties keep step 1). The plan is never worse than `bookOnly` or
 *    `poolOnly` for the same filled quantity, and at most 2 c (buy) or 1 c (sell) worse than the best of all
 *    book/pool splits, because step 1 is optimal on the exact curve.
 * The pool part is always one swap of its total (`FillPlan.poolQuote`), which its steps add up to exactly.
 */
export function routeMarketOrder(input: MarketOrderInput): FillPlan {
  requirePositive('quantity', input.quantity);
  assertBookLevels(input.side, input.levels);
  const pool = tradablePool(input.pool);
  const capacity = poolCapacityTonnes(input.side, pool, input.quantity);
  const depth = bookDepthTonnes(input.levels);
  const filled = minBigInt(input.quantity, depth + capacity);
  const greedy = pool ? greedyPoolTonnes(input, pool, capacity) : 0n;
  // The other feasible extremes: as little from the pool as the book allows, and as much as the pool can.
  const extremes = [maxBigInt(0n, filled - depth), minBigInt(filled, capacity)];
  const poolTonnes = pool ? bestSplit(input, pool, filled, greedy, extremes) : 0n;
  return buildFillPlan(input, pool, poolTonnes, filled - poolTonnes);
}

/** The same order filled from the book alone, best level first, for comparison. */
export function bookOnly(input: MarketOrderInput): FillPlan {
  requirePositive('quantity', input.quantity);
  assertBookLevels(input.side, input.levels);
  const filled = minBigInt(input.quantity, bookDepthTonnes(input.levels));
  return buildFillPlan(input, null, 0n, filled);
}

/** The same order filled by one pool swap alone (as much as the pool can), for comparison. */
export function poolOnly(input: MarketOrderInput): FillPlan {
  requirePositive('quantity', input.quantity);
  const pool = tradablePool(input.pool);
  const filled = minBigInt(input.quantity, poolCapacityTonnes(input.side, pool, input.quantity));
  return buildFillPlan({ ...input, levels: [] }, pool, filled, 0n);
}

/** Step 1: how many tonnes the marginal-price walk takes from the pool. */
function greedyPoolTonnes(input: MarketOrderInput, pool: PoolState, capacity: bigint): bigint {
  let remaining = input.quantity;
  let poolTonnes = 0n;
  for (const level of input.levels) {
    if (remaining === 0n) break;
    const limit = minBigInt(capacity, poolTonnes + remaining);
    const upTo = poolTonnesBeating(input.side, pool, level.priceCents, poolTonnes, limit);
    remaining -= upTo - poolTonnes;
    poolTonnes = upTo;
    remaining -= minBigInt(level.quantity, remaining);
  }
  return poolTonnes + minBigInt(remaining, capacity - poolTonnes);
}

/** Step 2: among candidate pool shares of `filled`, the one with the best real (rounded) total. */
function bestSplit(input: MarketOrderInput, pool: PoolState, filled: bigint, greedy: bigint, others: bigint[]): bigint {
  const totalCents = (poolTonnes: bigint) =>
    bookCashCents(input.levels, filled - poolTonnes) + poolCashCents(input.side, pool, poolTonnes);
  let best = greedy;
  let bestCents = totalCents(greedy);
  for (const candidate of others) {
    const cents = totalCents(candidate);
    if (input.side === 'buy' ? cents < bestCents : cents > bestCents) {
      best = candidate;
      bestCents = cents;
    }
  }
  return best;
}

function minBigInt(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function maxBigInt(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
