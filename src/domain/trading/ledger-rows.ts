import type { TimeInForce } from '@/domain/orderbook/order-input';

/** What an order stores: the engine's kinds, plus GTD, which is GTC until `expiresAtMs`. */
export type OrderTimeInForce = TimeInForce | 'GTD';
import type { SelfTradePrevention } from '@/domain/orderbook/order-input';
import type { OrderSide, OrderStatus } from '@/domain/orderbook/order-status';

// The rows a trading batch reads and writes, as plain values (money in bigint cents, times in epoch ms).

export type LotStatus = 'active' | 'escrowed';

/** A holding row of the traded project as the batch sees it. */
export interface LedgerLot {
  /** Database id; negative for a lot created in this batch (the write gives it a real id). */
  id: number;
  userId: number;
  quantity: number;
  serialStart: number;
  serialEnd: number;
  purchasePriceCents: bigint;
  purchaseDateMs: number;
  status: LotStatus;
  orderId: number | null;
  origin: string;
  parentHoldingId: number | null;
}

export interface LedgerOrder {
  id: number;
  userId: number;
  side: OrderSide;
  /** Limit price; for a stored market order, the worst price it traded at. */
  priceCents: bigint;
  quantity: number;
  filledQuantity: number;
  remainingQuantity: number;
  /** Cash still locked by a live buy order: priceCents × remainingQuantity; 0 otherwise. */
  lockedCents: bigint;
  status: OrderStatus;
  sequence: number;
  createdAtMs: number;
  /** Placed in this batch: inserted rather than updated. */
  isNew: boolean;
  /** Pays from cash as it fills instead of from a lock (market buy); never rests. */
  isMarket: boolean;
  /** Set on the orders a batch places (the write stores them); a loaded resting order is GTC, not post-only. */
  timeInForce?: OrderTimeInForce;
  postOnly?: boolean;
  /** A GTD order's end (epoch ms): it never fills at or after it. Null or absent for every other order. */
  expiresAtMs?: number | null;
  /** Self-trade prevention of the order when it takes; cancel_newest when absent. */
  selfTradePrevention?: SelfTradePrevention;
  /** A stop order's trigger price; null or absent for every other order. */
  stopPriceCents?: bigint | null;
  /** A stop that trades at the market once triggered (a buy at most at priceCents); false for a stop-limit. */
  stopMarket?: boolean;
  /** An untriggered stop: out of the book, stored with status 'pending_trigger' (its `status` here stays 'open'). */
  pendingTrigger?: boolean;
  /** When a stop was triggered; null or absent before and for every other order. */
  triggeredAtMs?: number | null;
}

export interface LedgerTrade {
  /** Position in the batch; the write maps it to the stored trade's id. */
  key: number;
  buyOrderId: number;
  sellOrderId: number;
  buyerId: number;
  sellerId: number;
  priceCents: bigint;
  quantity: number;
  totalCents: bigint;
  /** The buyer's lots that received the tonnes (negative ids are new rows). */
  buyerLotIds: number[];
}

export interface LedgerChanges {
  newLots: LedgerLot[];
  updatedLots: LedgerLot[];
  newOrders: LedgerOrder[];
  updatedOrders: LedgerOrder[];
  cashDeltas: { userId: number; deltaCents: bigint }[];
  trades: LedgerTrade[];
  /** Users whose cash, lots or orders changed, for change notices. */
  touchedUserIds: number[];
}
