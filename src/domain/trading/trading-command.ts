import type { OrderTimeInForce } from './ledger-rows';
import type { OrderSide } from '@/domain/orderbook/order-status';

/** One request to a project's order book, as the trading desk queues it. */
export type TradingCommand =
  | { kind: 'limit'; userId: number; side: OrderSide; priceCents: bigint; quantity: number; timeInForce?: OrderTimeInForce; postOnly?: boolean; expiresAtMs?: number | null }
  | { kind: 'market'; userId: number; side: OrderSide; quantity: number }
  /** `expiry`: the expiry sweep's or a batch's own cancel of a due GTD order; a no-op when it is no longer live or due. */
  | { kind: 'cancel'; userId: number; orderId: number; expiry?: boolean }
  /** A new price and/or total quantity (null: unchanged) for a live order of `side` (sides never change). */
  | { kind: 'amend'; userId: number; orderId: number; side: OrderSide; priceCents: bigint | null; quantity: number | null };
