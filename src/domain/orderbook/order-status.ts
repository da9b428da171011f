/** Statuses of an order, as in SPEC.md sections 3 and 4. */
export type OrderStatus = 'open' | 'partially_filled' | 'filled' | 'cancelled';

/** Side of an order: a buy order bids for credits, a sell order asks for cash. */
export type OrderSide = 'buy' | 'sell';

/** Database ids of orders and owners; the engine only compares them with `===`. */
export type EntityId = string | number;

/**
 * Status of an order from its quantities. `remainingTonnes` of a cancelled order is the quantity that was
 * cancelled, so filled + remaining = quantity holds for every order, whatever its status. An order with
 * nothing remaining is filled even if `cancelled` is set, because a filled order cannot be cancelled.
 */
export function orderStatus(filledTonnes: number, remainingTonnes: number, cancelled: boolean): OrderStatus {
  if (remainingTonnes === 0) return 'filled';
  if (cancelled) return 'cancelled';
  return filledTonnes === 0 ? 'open' : 'partially_filled';
}

/** Only open and partially filled orders can be cancelled and count in market depth (SPEC.md section 4). */
export function isLiveStatus(status: OrderStatus): boolean {
  return status === 'open' || status === 'partially_filled';
}

/** The side an order of `side` trades against. */
export function oppositeSide(side: OrderSide): OrderSide {
  return side === 'buy' ? 'sell' : 'buy';
}
