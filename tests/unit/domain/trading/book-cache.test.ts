import { describe, expect, it } from 'vitest';
import { BookCache } from '@/domain/trading/book-cache';
import type { LedgerOrder } from '@/domain/trading/ledger-rows';
import type { TradingCommand } from '@/domain/trading/trading-command';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const ask = (id: number, priceCents: bigint, remainingQuantity = 1): LedgerOrder => ({
  id, userId: 100 + id, side: 'sell', priceCents, quantity: remainingQuantity, filledQuantity: 0, remainingQuantity, lockedCents: 0n,
  status: 'open', sequence: id, createdAtMs: NOW, isNew: false, isMarket: false,
});
const buy = (quantity: number, priceCents = 1_000n): TradingCommand => ({ kind: 'limit', userId: 1, side: 'buy', priceCents, quantity });

/** A cache whose asks were read once: `asks` came back for a read of `limit`. */
function cacheWithAsks(asks: LedgerOrder[], limit: number): BookCache {
  const cache = new BookCache({ readChunk: 0, maxPerSide: 100 });
  cache.absorb({ sides: [{ side: 'sell', after: null, limit }], orderIds: [] }, { sides: [{ side: 'sell', orders: asks }], byId: [], lots: [] });
  return cache;
}

describe('BookCache.readFor', () => {
  it('reads nothing when the cached asks within the buyers’ limits hold their tonnes', () => {
    const cache = cacheWithAsks([ask(1, 500n, 2), ask(2, 600n, 3)], 2);
    expect(cache.readFor([buy(4)]).sides).toEqual([]);
  });

  it('reads after the cursor when the buyers could reach past the cached asks', () => {
    const cache = cacheWithAsks([ask(1, 500n, 2), ask(2, 600n, 3)], 2);
    expect(cache.readFor([buy(6)]).sides).toEqual([{ side: 'sell', after: { priceCents: 600n, sequence: 2 }, limit: 6 }]);
  });

  it('reads nothing when every ask after the cursor is above the buyers’ limits', () => {
    const cache = cacheWithAsks([ask(1, 500n, 2), ask(2, 600n, 3)], 2);
    expect(cache.readFor([buy(6, 599n)]).sides).toEqual([]);
  });

  it('knows a side whole once a read came back short', () => {
    const cache = cacheWithAsks([ask(1, 500n, 2)], 5);
    expect(cache.readFor([buy(50)]).sides).toEqual([]);
  });

  it('does not count an order being cancelled as reachable, and reads one more order per cancel', () => {
    const cache = cacheWithAsks([ask(1, 500n, 2), ask(2, 600n, 3)], 2);
    const cancel: TradingCommand = { kind: 'cancel', userId: 102, orderId: 2 };
    expect(cache.readFor([cancel, buy(3)])).toEqual({ sides: [{ side: 'sell', after: { priceCents: 600n, sequence: 2 }, limit: 4 }], orderIds: [] });
  });

  it('reads no chunk ahead for a while after another writer moved the book', () => {
    const cache = new BookCache({ readChunk: 100, maxPerSide: 1000 });
    expect(cache.readFor([buy(3)]).sides[0].limit).toBe(103);
    cache.reset(true);
    expect(cache.readFor([buy(3)]).sides[0].limit).toBe(3);
  });

  it('asks for the orders to cancel that it does not hold', () => {
    const cache = cacheWithAsks([ask(1, 500n, 2)], 5);
    expect(cache.readFor([{ kind: 'cancel', userId: 1, orderId: 77 }]).orderIds).toEqual([77]);
  });
});

describe('BookCache.settle', () => {
  it('keeps the order at its cursor when it fills in part, and drops new orders that rank after the cursor', () => {
    const cache = cacheWithAsks([ask(1, 500n, 2), ask(2, 600n, 3)], 2);
    const atCursor = cache.orders.get(2)!;
    atCursor.remainingQuantity = 1;
    atCursor.filledQuantity = 2;
    atCursor.status = 'partially_filled';
    const behind = { ...ask(9, 600n, 1), isNew: true };
    const ahead = { ...ask(10, 550n, 1), isNew: true };
    for (const order of [behind, ahead]) {
      cache.orders.set(order.id, order);
      cache.book.add({ id: order.id, ownerId: order.userId, side: 'sell', priceCents: Number(order.priceCents), quantityTonnes: 1 });
    }
    cache.settle({ newLots: [], newOrders: [behind, ahead], updatedOrders: [atCursor] }, new Map(), 7);
    expect([...cache.orders.keys()].sort((a, b) => a - b)).toEqual([1, 2, 10]);
    expect(cache.book.liveOrders('sell').map((order) => order.id)).toEqual([1, 10, 2]);
    expect(ahead.isNew).toBe(false);
    expect(cache.version).toBe(7);
  });
});

describe('BookCache.dueCancels (issue 31 GTD)', () => {
  it('cancels the cached orders due by then, first, and the read then reaches past them', () => {
    const cache = cacheWithAsks([{ ...ask(1, 500n, 2), expiresAtMs: NOW }, { ...ask(2, 600n, 3), expiresAtMs: NOW + 1 }, ask(3, 700n, 1)], 3);
    const due = cache.dueCancels(NOW);
    expect(due).toEqual([{ kind: 'cancel', userId: 101, orderId: 1, expiry: true }]);
    // 6 t cached within 800, but the due order's 2 t do not count: a buy of 5 needs the read, which a live order would not.
    expect(cache.readFor([buy(5, 800n)], NOW).sides).toEqual([]);
    const read = cache.readFor([...due, buy(5, 800n)], NOW);
    expect(read).toEqual({ sides: [{ side: 'sell', after: { priceCents: 700n, sequence: 3 }, limit: 6 }], orderIds: [], nowMs: NOW });
  });
});
