import type { EntityId, OrderSide } from './order-status';

/** Highest accepted price: $1,000,000.00 (DESIGN.md), which keeps every price a small integer `number`. */
export const MAX_BOOK_PRICE_CENTS = 100_000_000;
/** Highest accepted order quantity (DESIGN.md); level totals stay exact integers far below 2^53. */
export const MAX_BOOK_QUANTITY_TONNES = 1_000_000_000;

/**
 * How long a limit order may wait: GTC rests its remainder until cancelled; IOC trades what it can at once and
 * cancels the rest; FOK trades its whole quantity at once or nothing at all.
 */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/**
 * What happens when an incoming order reaches a resting order of its own owner (self-trade prevention):
 * - `cancel_newest` (the default): matching stops there and the incoming order's remainder is cancelled; the resting
 *   order keeps its place;
 * - `cancel_oldest`: the resting order is cancelled (it leaves the book) and matching goes on behind it;
 * - `skip`: the incoming order passes over its own resting orders, which keep their place, and trades with the
 *   others behind them. A remainder that would then rest across its own orders is cancelled instead, so that the
 *   book is never crossed.
 */
export type SelfTradePrevention = 'cancel_newest' | 'cancel_oldest' | 'skip';
export const SELF_TRADE_PREVENTION_MODES = ['cancel_newest', 'cancel_oldest', 'skip'] as const satisfies readonly SelfTradePrevention[];

export interface LimitOrderInput {
  id: EntityId;
  ownerId: EntityId;
  side: OrderSide;
  priceCents: number;
  quantityTonnes: number;
  /** GTC when absent. */
  timeInForce?: TimeInForce;
  /** Only ever rests: refused whole, nothing traded, when it would take at once. GTC only. */
  postOnly?: boolean;
  /** cancel_newest when absent. */
  selfTradePrevention?: SelfTradePrevention;
}

export interface MarketOrderInput {
  id: EntityId;
  ownerId: EntityId;
  side: OrderSide;
  quantityTonnes: number;
  /** cancel_newest when absent. */
  selfTradePrevention?: SelfTradePrevention;
}

/** A stored order to load as resting: `remainingTonnes` defaults to the whole quantity. */
export interface RestingOrderInput extends LimitOrderInput {
  remainingTonnes?: number;
}

/** Throws a RangeError for a price or quantity the engine cannot hold; services validate before calling. */
export function checkOrderInput(priceCents: number, quantityTonnes: number): void {
  if (!(Number.isInteger(priceCents) && priceCents >= 1 && priceCents <= MAX_BOOK_PRICE_CENTS)) {
    throw new RangeError(`priceCents must be an integer in 1…${MAX_BOOK_PRICE_CENTS}, got ${priceCents}`);
  }
  if (!(Number.isInteger(quantityTonnes) && quantityTonnes >= 1 && quantityTonnes <= MAX_BOOK_QUANTITY_TONNES)) {
    throw new RangeError(`quantityTonnes must be an integer in 1…${MAX_BOOK_QUANTITY_TONNES}, got ${quantityTonnes}`);
  }
}
