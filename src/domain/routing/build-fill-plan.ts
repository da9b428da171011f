import type { PoolState } from '@/domain/amm/pool-state';
import { quoteExactTonnes } from '@/domain/amm/quote-swap';
import type { BookFillStep, FillPlan, FillStep, MarketOrderInput, PoolFillStep } from './fill-plan';
import { poolCashCents, poolTonnesBeating } from './pool-depth';

/**
 * Lays out a chosen split — `bookTonnes` from the best levels and `poolTonnes` from one pool swap — in
 * best-price order: before each level, the pool tonnes whose exact marginal price beats that level; after
 * the last level, the rest of the pool tonnes. Pool chunks are priced as differences of the cumulative swap
 * cash, so together they cost exactly `poolQuote`, the single swap the service executes.
 */
export function buildFillPlan(
  input: MarketOrderInput,
  pool: PoolState | null,
  poolTonnes: bigint,
  bookTonnes: bigint,
): FillPlan {
  const steps: FillStep[] = [];
  let poolDone = 0n;
  let bookLeft = bookTonnes;
  const addPoolChunk = (upTo: bigint) => {
    if (!pool || upTo <= poolDone) return;
    steps.push(poolStep(input, pool, poolDone, upTo));
    poolDone = upTo;
  };

  for (let levelIndex = 0; levelIndex < input.levels.length && bookLeft > 0n; levelIndex++) {
    const level = input.levels[levelIndex];
    if (pool && poolDone < poolTonnes) {
      addPoolChunk(poolTonnesBeating(input.side, pool, level.priceCents, poolDone, poolTonnes));
    }
    const quantity = level.quantity < bookLeft ? level.quantity : bookLeft;
    const step: BookFillStep = {
      venue: 'book',
      quantity,
      cashCents: quantity * level.priceCents,
      priceCents: level.priceCents,
      levelIndex,
    };
    if (level.orderId !== undefined) step.orderId = level.orderId;
    steps.push(step);
    bookLeft -= quantity;
  }
  addPoolChunk(poolTonnes);
  return assemblePlan(input, pool, steps);
}

function poolStep(input: MarketOrderInput, pool: PoolState, from: bigint, to: bigint): PoolFillStep {
  const cashCents = poolCashCents(input.side, pool, to) - poolCashCents(input.side, pool, from);
  return { venue: 'pool', quantity: to - from, cashCents };
}

function assemblePlan(input: MarketOrderInput, pool: PoolState | null, steps: FillStep[]): FillPlan {
  const book = { quantity: 0n, cashCents: 0n };
  const poolTotals = { quantity: 0n, cashCents: 0n };
  for (const step of steps) {
    const totals = step.venue === 'book' ? book : poolTotals;
    totals.quantity += step.quantity;
    totals.cashCents += step.cashCents;
  }
  const poolQuote = pool && poolTotals.quantity > 0n ? quoteExactTonnes(pool, input.side, poolTotals.quantity) : null;
  if (poolQuote && poolQuote.cashCents !== poolTotals.cashCents) {
    throw new Error('Pool chunks must add up to the single swap quote');
  }
  const filledQuantity = book.quantity + poolTotals.quantity;
  const cashCents = book.cashCents + poolTotals.cashCents;
  return {
    side: input.side,
    requestedQuantity: input.quantity,
    filledQuantity,
    unfilledQuantity: input.quantity - filledQuantity,
    cashCents,
    averagePrice: filledQuantity === 0n ? null : { cashCents, tonnes: filledQuantity },
    book,
    pool: poolTotals,
    poolQuote,
    steps,
  };
}
