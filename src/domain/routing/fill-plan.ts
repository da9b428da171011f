import type { ExactPrice, PoolState } from '@/domain/amm/pool-state';
import type { SwapQuote } from '@/domain/amm/quote-swap';

/** The taker's side: a buy takes the asks (lowest first), a sell takes the bids (highest first). */
export type OrderSide = 'buy' | 'sell';

/** One resting price level (or one resting order) of the book side being taken, best first. */
export interface BookLevel {
  priceCents: bigint;
  /** Whole tonnes available at this level. */
  quantity: bigint;
  orderId?: number | string;
}

/** A market order (immediate-or-cancel): `quantity` whole tonnes at whatever the venues offer. */
export interface MarketOrderInput {
  side: OrderSide;
  quantity: bigint;
  levels: readonly BookLevel[];
  pool?: PoolState | null;
}

export interface BookFillStep {
  venue: 'book';
  quantity: bigint;
  /** quantity × priceCents: trades happen at the resting order's price. */
  cashCents: bigint;
  priceCents: bigint;
  /** Index into `MarketOrderInput.levels`. */
  levelIndex: number;
  orderId?: number | string;
}

export interface PoolFillStep {
  venue: 'pool';
  quantity: bigint;
  /**
   * The cumulative pool cash after this chunk minus the cumulative pool cash before it (fee included),
   * so the pool chunks of a plan add up exactly to one swap of their total quantity (`FillPlan.poolQuote`).
   * The whole swap's rounding (up to 2 c) therefore lands in the first chunk, which can show a cent or two
   * above the exact marginal price that put it ahead of a book level.
   */
  cashCents: bigint;
}

export type FillStep = BookFillStep | PoolFillStep;

export interface VenueTotals {
  quantity: bigint;
  cashCents: bigint;
}

/**
 * What a market order would do. Cash is what the taker pays (buy) or receives (sell), pool fee included.
 * The service executes the book steps against their levels and the whole pool part as ONE swap:
 * `poolQuote` (re-quote it inside the transaction; if the pool moved, route again).
 */
export interface FillPlan {
  side: OrderSide;
  requestedQuantity: bigint;
  filledQuantity: bigint;
  /** Not filled by any venue; a market order is immediate-or-cancel, so this part is cancelled. */
  unfilledQuantity: bigint;
  cashCents: bigint;
  /** cashCents / filledQuantity; null when nothing fills. */
  averagePrice: ExactPrice | null;
  book: VenueTotals;
  pool: VenueTotals;
  poolQuote: SwapQuote | null;
  /** In the order a tonne-by-tonne best-price walk would take them. */
  steps: FillStep[];
}
