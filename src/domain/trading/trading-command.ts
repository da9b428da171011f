import type { TimeInForce } from '../orderbook/order-input';
import type { OrderSide } from '../orderbook/order-status';

/** One request to a project's order book, as the trading desk queues it. */
export type TradingCommand =
  | { kind: 'limit'; userId: number; side: OrderSide; priceCents: bigint; quantity: number; timeInForce?: TimeInForce; postOnly?: boolean }
  | { kind: 'market'; userId: number; side: OrderSide; quantity: number }
  | { kind: 'cancel'; userId: number; orderId: number }
  /** A new price and/or total quantity (null: unchanged) for a live order of `side` (sides never change). */
  | { kind: 'amend'; userId: number; orderId: number; side: OrderSide; priceCents: bigint | null; quantity: number | null };
