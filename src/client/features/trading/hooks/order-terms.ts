import type { Order } from '@/shared/schemas/trading';

/** Open or partly filled: the order still rests (or, for a stop, waits) and can be cancelled. */
export const isLive = (order: Pick<Order, 'status'>) => order.status === 'open' || order.status === 'partially_filled';

/** A stop or stop-limit order the last trade has not reached yet: held by the server, not in the book. */
export const isWaitingStop = (order: Pick<Order, 'status' | 'stopPrice' | 'triggeredAt'>) =>
  order.stopPrice !== null && order.triggeredAt === null && isLive(order);

/** The server amends live orders in the book; a waiting stop is refused (422), so the form does not offer it. */
export const isAmendable = (order: Pick<Order, 'status' | 'stopPrice' | 'triggeredAt'>) => isLive(order) && !isWaitingStop(order);

/** `2026-11-28T14:00:00Z` → `"Expires 28 Nov 14:00"` in the browser's time zone (the year only when not this year). */
export function expiryLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return `Expires ${iso}`;
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', ...(date.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}) });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
  return `Expires ${day} ${time}`;
}

/**
 * Whether an amend keeps the order's place in its price level's queue: only fewer tonnes at the same price do
 * (docs/api.md, Amend). `quantity` is the new total, filled tonnes included.
 */
export function amendKeepsPriority(order: Pick<Order, 'quantity' | 'pricePerCredit'>, change: { quantity?: number; priceCents?: bigint; currentPriceCents: bigint }): boolean {
  const priceChanged = change.priceCents !== undefined && change.priceCents !== change.currentPriceCents;
  const quantityUp = change.quantity !== undefined && change.quantity > order.quantity;
  return !priceChanged && !quantityUp;
}
