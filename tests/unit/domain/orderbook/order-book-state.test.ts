import { describe, expect, it } from 'vitest';
import { OrderBook } from '@/domain/orderbook/order-book';
import { orderStatus, type OrderSide, type OrderStatus } from '@/domain/orderbook/order-status';

function limit(book: OrderBook, id: number | string, ownerId: string, side: OrderSide, priceCents: number, quantityTonnes: number) {
  return book.submitLimit({ id, ownerId, side, priceCents, quantityTonnes });
}

describe('cancel', () => {
  it('returns the remaining tonnes and removes the order from the book', () => {
    const book = new OrderBook();
    limit(book, 1, 'ann', 'buy', 2500, 10);
    limit(book, 2, 'bob', 'sell', 2500, 4);
    expect(book.cancel(1)).toBe(6);
    expect(book.getOrder(1)).toBeUndefined();
    expect(book.depth(10)).toEqual({ bids: [], asks: [] });
    expect(book.size).toBe(0);
  });

  it('returns 0 when cancelled twice, for an unknown id and for a filled order', () => {
    const book = new OrderBook();
    limit(book, 1, 'ann', 'buy', 2500, 10);
    limit(book, 2, 'ann', 'buy', 2500, 5);
    limit(book, 3, 'bob', 'sell', 2500, 10);
    expect([book.cancel(2), book.cancel(2), book.cancel(99), book.cancel('x'), book.cancel(1)]).toEqual([5, 0, 0, 0, 0]);
  });

  it('keeps time priority of the others when an order leaves the middle of a level', () => {
    const book = new OrderBook();
    limit(book, 'a', 'ann', 'sell', 2500, 2);
    limit(book, 'b', 'bob', 'sell', 2500, 2);
    limit(book, 'c', 'cy', 'sell', 2500, 2);
    expect(book.cancel('b')).toBe(2);
    const result = limit(book, 'd', 'dee', 'buy', 2500, 3);
    expect(result.trades.slice(0, result.tradeCount).map((t) => [t.makerId, t.quantityTonnes])).toEqual([['a', 2], ['c', 1]]);
    expect(book.liveOrders('sell').map((order) => [order.id, order.remainingTonnes, order.status])).toEqual([['c', 1, 'partially_filled']]);
  });
});

describe('depth', () => {
  it('aggregates remaining tonnes and order counts per price, best first, up to the requested levels', () => {
    const book = new OrderBook();
    limit(book, 1, 'ann', 'buy', 2490, 5);
    limit(book, 2, 'bob', 'buy', 2490, 7);
    limit(book, 3, 'ann', 'buy', 2480, 1);
    limit(book, 4, 'cy', 'buy', 2495, 2);
    limit(book, 5, 'ann', 'sell', 2500, 1);
    limit(book, 6, 'bob', 'sell', 2510, 3);
    limit(book, 7, 'cy', 'sell', 2510, 4);
    limit(book, 8, 'dee', 'sell', 2495, 1); // takes 1 t from order 4 at 2495
    expect(book.depth(2)).toEqual({
      bids: [
        { priceCents: 2495, quantityTonnes: 1, orderCount: 1 },
        { priceCents: 2490, quantityTonnes: 12, orderCount: 2 },
      ],
      asks: [
        { priceCents: 2500, quantityTonnes: 1, orderCount: 1 },
        { priceCents: 2510, quantityTonnes: 7, orderCount: 2 },
      ],
    });
    expect(book.depth(10).bids.map((level) => level.priceCents)).toEqual([2495, 2490, 2480]);
    expect([book.bestBid(), book.bestAsk(), book.size]).toEqual([2495, 2500, 7]);
  });
});

describe('add', () => {
  it('loads stored orders behind each other without matching, keeping their remaining quantity', () => {
    const book = new OrderBook();
    book.add({ id: 7, ownerId: 'ann', side: 'sell', priceCents: 2500, quantityTonnes: 10, remainingTonnes: 4 });
    book.add({ id: 3, ownerId: 'bob', side: 'sell', priceCents: 2500, quantityTonnes: 5 });
    book.add({ id: 5, ownerId: 'cy', side: 'buy', priceCents: 2490, quantityTonnes: 5 });
    expect(book.getOrder(7)).toMatchObject({ filledTonnes: 6, remainingTonnes: 4, status: 'partially_filled' });
    const result = limit(book, 9, 'dee', 'buy', 2500, 6);
    expect(result.trades.slice(0, result.tradeCount).map((t) => [t.makerId, t.quantityTonnes, t.makerRemainingTonnes])).toEqual([[7, 4, 0], [3, 2, 3]]);
  });

  it.each([
    ['a buy at the best ask', 'buy', 2500],
    ['a buy above the best ask', 'buy', 2600],
    ['a sell at the best bid', 'sell', 2400],
  ] as const)('refuses %s because it would cross the book', (_name, side, priceCents) => {
    const book = new OrderBook();
    book.add({ id: 1, ownerId: 'ann', side: 'sell', priceCents: 2500, quantityTonnes: 1 });
    book.add({ id: 2, ownerId: 'ann', side: 'buy', priceCents: 2400, quantityTonnes: 1 });
    expect(() => book.add({ id: 3, ownerId: 'bob', side, priceCents, quantityTonnes: 1 })).toThrow(/cross/);
    expect(book.size).toBe(2);
  });

  it.each([0, 11, 2.5])('refuses remainingTonnes %s outside 1…quantity', (remainingTonnes) => {
    const book = new OrderBook();
    expect(() => book.add({ id: 1, ownerId: 'ann', side: 'sell', priceCents: 2500, quantityTonnes: 10, remainingTonnes })).toThrow(RangeError);
  });

  it('refuses an id that is already live', () => {
    const book = new OrderBook();
    book.add({ id: 1, ownerId: 'ann', side: 'sell', priceCents: 2500, quantityTonnes: 1 });
    expect(() => book.add({ id: 1, ownerId: 'ann', side: 'sell', priceCents: 2600, quantityTonnes: 1 })).toThrow(/already live/);
  });
});

describe('orderStatus', () => {
  const cases: Array<[filledTonnes: number, remainingTonnes: number, cancelled: boolean, expected: OrderStatus]> = [
    [0, 10, false, 'open'],
    [4, 6, false, 'partially_filled'],
    [10, 0, false, 'filled'],
    [0, 10, true, 'cancelled'],
    [4, 6, true, 'cancelled'],
    [10, 0, true, 'filled'],
  ];
  it.each(cases)('filled %i, remaining %i, cancelled %s → %s', (filledTonnes, remainingTonnes, cancelled, expected) => {
    expect(orderStatus(filledTonnes, remainingTonnes, cancelled)).toBe(expected);
  });
});
