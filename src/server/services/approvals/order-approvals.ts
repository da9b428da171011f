import type { MarketOrderBody, PlaceOrderBody } from '@/shared/schemas/trading';

/** An order as it waits for an approver: the route's validated body; a market order also keeps the total it was approved at. */
export type StoredOrderRequest =
  | { kind: 'order'; body: PlaceOrderBody }
  | { kind: 'market_order'; body: MarketOrderBody & { approvedTotalCents: string } };

export interface ExecutedOrder {
  projectId: number;
  orderId: number | null;
}

/**
 * Orders run through the trading desk, which opens its own transaction; the trading routes register how (so an
 * approved order goes through the very desk a direct one does). Both throw DomainErrors for refusals.
 */
export interface OrderExecutors {
  placeOrder?: (accountId: number, body: PlaceOrderBody) => Promise<ExecutedOrder>;
  marketOrder?: (accountId: number, body: MarketOrderBody, approvedTotalCents: bigint) => Promise<ExecutedOrder>;
}

export const newOrderExecutors = (): OrderExecutors => ({});
