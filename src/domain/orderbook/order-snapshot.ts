import type { BookSide } from './book-side';
import { orderStatus, type EntityId, type OrderSide, type OrderStatus } from './order-status';
import { NEXT, NONE, OWNER, PRICE, QUANTITY, REMAINING, SHIFT, SIDE, type OrderStore } from './order-store';

// Read-only copies of the book's state, for APIs and tests; building them allocates, so keep them off the hot path.

export interface OrderSnapshot {
  id: EntityId;
  ownerId: EntityId;
  side: OrderSide;
  priceCents: number;
  quantityTonnes: number;
  filledTonnes: number;
  remainingTonnes: number;
  status: OrderStatus;
}

export interface DepthLevel {
  priceCents: number;
  /** Σ remaining tonnes of the level's live orders. */
  quantityTonnes: number;
  orderCount: number;
}

export interface BookDepth {
  /** Highest price first. */
  bids: DepthLevel[];
  /** Lowest price first. */
  asks: DepthLevel[];
}

/** Up to `levels` levels of `side`, best first. */
export function depthOf(side: BookSide, levels: number): DepthLevel[] {
  const depth: DepthLevel[] = [];
  for (let i = side.count - 1; i >= 0 && depth.length < levels; i--) {
    const { priceCents, totalTonnes, orderCount } = side.levels[i];
    depth.push({ priceCents, quantityTonnes: totalTonnes, orderCount });
  }
  return depth;
}

/** A copy of the live order in `slot`. */
export function snapshotOf(store: OrderStore, slot: number): OrderSnapshot {
  const { fields } = store;
  const base = slot << SHIFT;
  const quantityTonnes = fields[base + QUANTITY];
  const remainingTonnes = fields[base + REMAINING];
  const filledTonnes = quantityTonnes - remainingTonnes;
  return {
    id: store.ids[slot],
    ownerId: store.owners[fields[base + OWNER]],
    side: fields[base + SIDE] === 0 ? 'buy' : 'sell',
    priceCents: fields[base + PRICE],
    quantityTonnes,
    filledTonnes,
    remainingTonnes,
    status: orderStatus(filledTonnes, remainingTonnes, false),
  };
}

/** Copies of the live orders of `side` in priority order: best price first, oldest first within a price. */
export function liveOrdersOf(store: OrderStore, side: BookSide): OrderSnapshot[] {
  const snapshots: OrderSnapshot[] = [];
  for (let i = side.count - 1; i >= 0; i--) {
    for (let slot = side.levels[i].head; slot !== NONE; slot = store.fields[(slot << SHIFT) + NEXT]) {
      snapshots.push(snapshotOf(store, slot));
    }
  }
  return snapshots;
}
