import type { OrderTimeInForce } from './ledger-rows';
import type { OrderSide } from '@/domain/orderbook/order-status';
import type { SelfTradePrevention } from '@/domain/orderbook/order-input';

/** One request to a project's order book, as the trading desk queues it. */
export type TradingCommand =
  /**
   * A limit order, or with `stopPriceCents` a stop: a stop-limit, or with `stopMarket` a stop market order (a buy's
   * priceCents is the most it pays, locked at placement; a sell's is its stop price until it trades).
   */
  | {
    kind: 'limit'; userId: number; side: OrderSide; priceCents: bigint; quantity: number; timeInForce?: OrderTimeInForce; postOnly?: boolean;
    expiresAtMs?: number | null; selfTradePrevention?: SelfTradePrevention; stopPriceCents?: bigint | null; stopMarket?: boolean;
  }
  /**
   * A market order; a buy with `maxCostCents` (an approved market order's approved total) is refused inside the batch,
   * changing nothing, when what it would take from the book now costs more.
   */
  | { kind: 'market'; userId: number; side: OrderSide; quantity: number; selfTradePrevention?: SelfTradePrevention; maxCostCents?: bigint }
  /** Places nothing: the batch only triggers the stops that the last trade price (maybe another writer's) has reached. */
  | { kind: 'triggers'; userId: 0 }
  /** `expiry`: the expiry sweep's or a batch's own cancel of a due GTD order; a no-op when it is no longer live or due. */
  | { kind: 'cancel'; userId: number; orderId: number; expiry?: boolean }
  /** A new price and/or total quantity (null: unchanged) for a live order of `side` (sides never change). */
  | { kind: 'amend'; userId: number; orderId: number; side: OrderSide; priceCents: bigint | null; quantity: number | null };

/** A market order as its owner sent it, to the book alone or routed across book and pool; selfTradePrevention defaults to cancel_newest. */
export interface MarketOrderRequest {
  userId: number;
  projectId: number;
  side: OrderSide;
  quantity: number;
  selfTradePrevention?: SelfTradePrevention;
}
