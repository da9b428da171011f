import { formatCents } from '@/domain/money';
import type { LedgerOrder } from '@/domain/trading/ledger-rows';
import type { orders } from '@/server/db/schema';
import type { Order, Trade } from '@/shared/schemas/trading';

type OrderRow = typeof orders.$inferSelect;

/** The stored status of an untriggered stop order. */
export const PENDING_TRIGGER = 'pending_trigger';

/** totalValue is price × quantity (the whole order, as the SPEC client computes it). */
export function orderFromRow(row: OrderRow, projectName: string): Order {
  return {
    id: row.id,
    userId: row.userId,
    projectId: row.projectId,
    projectName,
    orderType: row.orderType as Order['orderType'],
    quantity: row.quantity,
    pricePerCredit: formatCents(row.priceCents),
    totalValue: formatCents(row.priceCents * BigInt(row.quantity)),
    remainingQuantity: row.remainingQuantity,
    filledQuantity: row.filledQuantity,
    // An untriggered stop is stored 'pending_trigger' (out of the book); to clients it is an open order with no triggeredAt.
    status: (row.status === PENDING_TRIGGER ? 'open' : row.status) as Order['status'],
    timeInForce: row.timeInForce as Order['timeInForce'],
    postOnly: row.postOnly,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    selfTradePrevention: row.selfTradePrevention as Order['selfTradePrevention'],
    stopPrice: row.stopPriceCents === null ? null : formatCents(row.stopPriceCents),
    stopOrderType: row.stopPriceCents === null ? null : row.stopMarket ? 'stop' : 'stop_limit',
    triggeredAt: row.triggeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function orderFromLedger(order: LedgerOrder, project: { id: number; name: string }, updatedAt: Date): Order {
  return orderFromRow({
    id: order.id,
    userId: order.userId,
    projectId: project.id,
    orderType: order.side,
    quantity: order.quantity,
    filledQuantity: order.filledQuantity,
    remainingQuantity: order.remainingQuantity,
    priceCents: order.priceCents,
    lockedCents: order.lockedCents,
    status: order.pendingTrigger ? PENDING_TRIGGER : order.status,
    sequence: order.sequence,
    selfTradePrevention: order.selfTradePrevention ?? 'cancel_newest',
    stopPriceCents: order.stopPriceCents ?? null,
    stopMarket: order.stopMarket ?? false,
    triggeredAt: order.triggeredAtMs == null ? null : new Date(order.triggeredAtMs),
    timeInForce: order.timeInForce ?? 'GTC',
    postOnly: order.postOnly ?? false,
    expiresAt: order.expiresAtMs == null ? null : new Date(order.expiresAtMs),
    createdAt: new Date(order.createdAtMs),
    updatedAt,
  }, project.name);
}

export interface TradeFields {
  id: number;
  projectId: number;
  buyOrderId: number | null;
  sellOrderId: number | null;
  priceCents: bigint;
  quantity: number;
  totalCents: bigint;
  createdAt: Date;
}

export function tradeToApi(trade: TradeFields): Trade {
  return {
    id: trade.id,
    projectId: trade.projectId,
    buyOrderId: trade.buyOrderId,
    sellOrderId: trade.sellOrderId,
    pricePerCredit: formatCents(trade.priceCents),
    quantity: trade.quantity,
    totalValue: formatCents(trade.totalCents),
    createdAt: trade.createdAt.toISOString(),
  };
}
