import { expect } from 'vitest';
import type { BookCache, BookCursor, BookRead, BookRows } from '@/domain/trading/book-cache';
import type { LedgerChanges, LedgerLot, LedgerOrder } from '@/domain/trading/ledger-rows';
import type { OrderSide } from '@/domain/orderbook/order-status';

/** A tiny stand-in for the database in the trading property tests: the rows a batch reads and writes. */
export interface Store {
  cash: Map<number, bigint>;
  lots: Map<number, LedgerLot>;
  orders: Map<number, LedgerOrder>;
  nextLotId: number;
  nextOrderId: number;
  /** The last book trade's price (what stops trigger on); null before the first trade. */
  lastPriceCents: bigint | null;
}

/** A store where each user holds `cashCents` and one active lot per entry of `lotTonnes`, older lots first. */
export function newStore(users: readonly number[], cashCents: bigint, lotTonnes: readonly number[], nowMs: number): Store {
  const store: Store = { cash: new Map(), lots: new Map(), orders: new Map(), nextLotId: 1, nextOrderId: 1, lastPriceCents: null };
  let serial = 1;
  for (const userId of users) {
    store.cash.set(userId, cashCents);
    for (const quantity of lotTonnes) {
      const id = store.nextLotId++;
      store.lots.set(id, {
        id, userId, quantity, serialStart: serial, serialEnd: serial + quantity - 1, purchasePriceCents: 100n,
        purchaseDateMs: nowMs - (100 - id) * 1000, status: 'active', orderId: null, origin: 'purchase', parentHoldingId: null,
      });
      serial += quantity;
    }
  }
  return store;
}

/** Applies a batch's changes the way the write statement does; returns the stored ids of the lots it created. */
export function apply(store: Store, changes: LedgerChanges): Map<number, number> {
  const ids = new Map<number, number>();
  for (const lot of changes.newLots) ids.set(lot.id, store.nextLotId++);
  for (const lot of changes.newLots) {
    const parent = lot.parentHoldingId !== null && lot.parentHoldingId < 0 ? ids.get(lot.parentHoldingId)! : lot.parentHoldingId;
    store.lots.set(ids.get(lot.id)!, { ...lot, id: ids.get(lot.id)!, parentHoldingId: parent });
  }
  for (const lot of changes.updatedLots) store.lots.set(lot.id, { ...lot });
  for (const order of [...changes.newOrders, ...changes.updatedOrders]) store.orders.set(order.id, { ...order, isNew: false, isMarket: false });
  for (const { userId, deltaCents } of changes.cashDeltas) store.cash.set(userId, store.cash.get(userId)! + deltaCents);
  if (changes.trades.length > 0) store.lastPriceCents = changes.trades[changes.trades.length - 1].priceCents;
  return ids;
}

export const isLive = (order: LedgerOrder) => (order.status === 'open' || order.status === 'partially_filled') && !order.pendingTrigger;
/** Untriggered stops (issue 31), in the order they were placed. */
export const pendingStops = (store: Store) => [...store.orders.values()].filter((order) => order.pendingTrigger).sort((a, b) => a.sequence - b.sequence);
export const copyOrder = (order: LedgerOrder): LedgerOrder => ({ ...order });
export const copyLot = (lot: LedgerLot): LedgerLot => ({ ...lot });

/** Price-time priority of a side, written out independently of the cache. */
function priority(side: OrderSide) {
  return (a: LedgerOrder, b: LedgerOrder) =>
    (a.priceCents === b.priceCents ? a.sequence - b.sequence : (side === 'sell') === (a.priceCents < b.priceCents) ? -1 : 1);
}
const after = (side: OrderSide, order: LedgerOrder, cursor: BookCursor | null) =>
  cursor === null || priority(side)(order, { ...order, priceCents: cursor.priceCents, sequence: cursor.sequence }) > 0;

/** Answers a BookRead from the store the way the SQL read does. */
export function readRows(store: Store, read: BookRead): BookRows {
  const live = [...store.orders.values()].filter(isLive);
  const sides = read.sides.map(({ side, after: cursor, limit }) => ({
    side, orders: live.filter((order) => order.side === side && after(side, order, cursor)).sort(priority(side)).slice(0, limit).map(copyOrder),
  }));
  const byId = read.orderIds.flatMap((id) => (store.orders.has(id) ? [copyOrder(store.orders.get(id)!)] : []));
  const stops = read.stops ? pendingStops(store).map(copyOrder) : [];
  const sellIds = new Set([...sides.flatMap((side) => side.orders), ...byId, ...stops]
    .filter((order) => order.side === 'sell' && (isLive(order) || order.pendingTrigger)).map((order) => order.id));
  const lots = [...store.lots.values()].filter((lot) => lot.status === 'escrowed' && sellIds.has(lot.orderId!)).map(copyLot);
  return { sides, byId, lots, ...(read.stops ? { stops: { orders: stops, lastPriceCents: store.lastPriceCents } } : {}) };
}

/** Each listed seller's oldest active lots covering `tonnes` (all of them when fewer), as the SQL read returns them. */
export function oldestLots(store: Store, lotsOf: readonly { userId: number; tonnes: number }[]): LedgerLot[] {
  return lotsOf.flatMap(({ userId, tonnes }) => {
    const mine = [...store.lots.values()].filter((lot) => lot.status === 'active' && lot.userId === userId)
      .sort((a, b) => a.purchaseDateMs - b.purchaseDateMs || a.id - b.id);
    const taken: LedgerLot[] = [];
    let before = 0;
    for (const lot of mine) {
      if (before >= tonnes) break;
      taken.push(copyLot(lot));
      before += lot.quantity;
    }
    return taken;
  });
}

/** Every cached order and escrowed lot is the stored row, and the in-memory book holds exactly the cached orders. */
export function expectCacheMatches(cache: BookCache, store: Store): void {
  for (const [id, order] of cache.orders) {
    expect(isLive(order)).toBe(true);
    expect({ ...order, isNew: false, isMarket: false }).toEqual(store.orders.get(id));
    const escrowed = [...(cache.escrowByOrder.get(id) ?? [])].sort((a, b) => a.id - b.id);
    expect(escrowed).toEqual([...store.lots.values()].filter((lot) => lot.status === 'escrowed' && lot.orderId === id));
  }
  expect(cache.book.size).toBe(cache.orders.size);
  // Issue 31: the waiting stops it holds are the stored ones (all of them once loaded), with their escrow.
  for (const [id, stop] of cache.pendingStops) {
    expect({ ...stop, isNew: false, isMarket: false }).toEqual(store.orders.get(id));
    const escrowed = [...(cache.escrowByOrder.get(id) ?? [])].sort((a, b) => a.id - b.id);
    expect(escrowed).toEqual([...store.lots.values()].filter((lot) => lot.status === 'escrowed' && lot.orderId === id));
  }
  if (cache.stopsLoaded) {
    expect([...cache.pendingStops.keys()].sort((a, b) => a - b)).toEqual(pendingStops(store).map((stop) => stop.id).sort((a, b) => a - b));
    expect(cache.lastPriceCents).toBe(store.lastPriceCents);
  }
  expect([...cache.escrowByOrder.keys()].every((id) => cache.orders.has(id) || cache.pendingStops.has(id))).toBe(true);
}
