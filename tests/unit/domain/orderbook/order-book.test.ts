import { describe, expect, it } from 'vitest';
import { copyTrades, type MatchResult } from '@/domain/orderbook/match-result';
import { OrderBook } from '@/domain/orderbook/order-book';
import type { OrderSide } from '@/domain/orderbook/order-status';

type Resting = [id: number, ownerId: string, side: OrderSide, priceCents: number, quantityTonnes: number];
/** [makerId, takerId, priceCents, quantityTonnes, makerRemainingTonnes] */
type TradeRow = [number, number, number, number, number];

function bookWith(resting: Resting[]): OrderBook {
  const book = new OrderBook();
  for (const [id, ownerId, side, priceCents, quantityTonnes] of resting) {
    expect(book.submitLimit({ id, ownerId, side, priceCents, quantityTonnes }).outcome).toBe('rested');
  }
  return book;
}

function tradeRows(result: MatchResult): TradeRow[] {
  return copyTrades(result).map((t) => [t.makerId as number, t.takerId as number, t.priceCents, t.quantityTonnes, t.makerRemainingTonnes]);
}

function outcomeOf(result: MatchResult) {
  const { outcome, status, filledTonnes, restingTonnes, cancelledTonnes } = result;
  return { outcome, status, filledTonnes, restingTonnes, cancelledTonnes, trades: tradeRows(result) };
}

const askLadder: Resting[] = [
  [1, 'ann', 'sell', 2510, 5],
  [2, 'bob', 'sell', 2505, 5],
  [3, 'cy', 'sell', 2520, 5],
];

describe('submitLimit', () => {
  const cases: Array<{ name: string; resting: Resting[]; taker: Resting; expected: ReturnType<typeof outcomeOf>; bestBid?: number; bestAsk?: number }> = [
    {
      name: 'rests the order when the book is empty',
      resting: [],
      taker: [9, 'dee', 'buy', 2500, 10],
      expected: { outcome: 'rested', status: 'open', filledTonnes: 0, restingTonnes: 10, cancelledTonnes: 0, trades: [] },
      bestBid: 2500,
    },
    {
      name: 'rests without trading when the prices do not cross',
      resting: askLadder,
      taker: [9, 'dee', 'buy', 2504, 10],
      expected: { outcome: 'rested', status: 'open', filledTonnes: 0, restingTonnes: 10, cancelledTonnes: 0, trades: [] },
      bestBid: 2504,
      bestAsk: 2505,
    },
    {
      name: 'takes the best price first and rests the remainder at its limit',
      resting: askLadder,
      taker: [9, 'dee', 'buy', 2515, 12],
      expected: {
        outcome: 'rested', status: 'partially_filled', filledTonnes: 10, restingTonnes: 2, cancelledTonnes: 0,
        trades: [[2, 9, 2505, 5, 0], [1, 9, 2510, 5, 0]],
      },
      bestBid: 2515,
      bestAsk: 2520,
    },
    {
      name: 'takes the oldest order first within a price',
      resting: [[1, 'ann', 'sell', 2500, 4], [2, 'bob', 'sell', 2500, 4], [3, 'cy', 'sell', 2500, 4]],
      taker: [9, 'dee', 'buy', 2500, 6],
      expected: { outcome: 'filled', status: 'filled', filledTonnes: 6, restingTonnes: 0, cancelledTonnes: 0, trades: [[1, 9, 2500, 4, 0], [2, 9, 2500, 2, 2]] },
      bestAsk: 2500,
    },
    {
      name: 'trades at the resting order price, not the taker limit',
      resting: [[1, 'ann', 'buy', 2600, 3]],
      taker: [9, 'dee', 'sell', 2400, 3],
      expected: { outcome: 'filled', status: 'filled', filledTonnes: 3, restingTonnes: 0, cancelledTonnes: 0, trades: [[1, 9, 2600, 3, 0]] },
    },
    {
      name: 'partially fills the resting order and leaves the rest in place',
      resting: [[1, 'ann', 'sell', 2500, 10]],
      taker: [9, 'dee', 'buy', 2500, 3],
      expected: { outcome: 'filled', status: 'filled', filledTonnes: 3, restingTonnes: 0, cancelledTonnes: 0, trades: [[1, 9, 2500, 3, 7]] },
      bestAsk: 2500,
    },
    {
      name: 'cancels the whole order when its first match is its own resting order (cancel-newest)',
      resting: [[1, 'ann', 'sell', 2500, 5], [2, 'bob', 'sell', 2505, 5]],
      taker: [9, 'ann', 'buy', 2510, 10],
      expected: { outcome: 'self_trade_cancelled', status: 'cancelled', filledTonnes: 0, restingTonnes: 0, cancelledTonnes: 10, trades: [] },
      bestAsk: 2500,
    },
    {
      name: 'keeps earlier trades and cancels the remainder when it reaches its own order',
      resting: [[1, 'bob', 'sell', 2500, 3], [2, 'ann', 'sell', 2505, 5], [3, 'cy', 'sell', 2505, 5]],
      taker: [9, 'ann', 'buy', 2510, 10],
      expected: { outcome: 'self_trade_cancelled', status: 'cancelled', filledTonnes: 3, restingTonnes: 0, cancelledTonnes: 7, trades: [[1, 9, 2500, 3, 0]] },
      bestAsk: 2505,
    },
    {
      name: 'trades when the same owner only rests beyond the limit',
      resting: [[1, 'bob', 'sell', 2500, 3], [2, 'ann', 'sell', 2520, 5]],
      taker: [9, 'ann', 'buy', 2510, 5],
      expected: { outcome: 'rested', status: 'partially_filled', filledTonnes: 3, restingTonnes: 2, cancelledTonnes: 0, trades: [[1, 9, 2500, 3, 0]] },
      bestBid: 2510,
      bestAsk: 2520,
    },
  ];

  for (const { name, resting, taker, expected, bestBid, bestAsk } of cases) {
    it(name, () => {
      const book = bookWith(resting);
      const [id, ownerId, side, priceCents, quantityTonnes] = taker;
      expect(outcomeOf(book.submitLimit({ id, ownerId, side, priceCents, quantityTonnes }))).toEqual(expected);
      expect([book.bestBid(), book.bestAsk()]).toEqual([bestBid, bestAsk]);
    });
  }

  it('reports the partially filled maker through getOrder', () => {
    const book = bookWith([[1, 'ann', 'sell', 2500, 10]]);
    book.submitLimit({ id: 9, ownerId: 'dee', side: 'buy', priceCents: 2500, quantityTonnes: 3 });
    expect(book.getOrder(1)).toEqual({
      id: 1, ownerId: 'ann', side: 'sell', priceCents: 2500, quantityTonnes: 10, filledTonnes: 3, remainingTonnes: 7, status: 'partially_filled',
    });
    expect(book.getOrder(9)).toBeUndefined();
  });

  it('refuses an id that is already live and leaves the book unchanged', () => {
    const book = bookWith([[1, 'ann', 'sell', 2500, 10]]);
    expect(() => book.submitLimit({ id: 1, ownerId: 'dee', side: 'buy', priceCents: 2500, quantityTonnes: 3 })).toThrow(/already live/);
    expect(book.depth(10).asks).toEqual([{ priceCents: 2500, quantityTonnes: 10, orderCount: 1 }]);
  });

  it.each([
    ['a zero price', 0, 1],
    ['a fractional price', 2500.5, 1],
    ['a price above $1,000,000.00', 100_000_001, 1],
    ['a zero quantity', 2500, 0],
    ['a fractional quantity', 2500, 1.5],
    ['a quantity above 1,000,000,000', 2500, 1_000_000_001],
  ])('rejects %s', (_name, priceCents, quantityTonnes) => {
    const book = new OrderBook();
    expect(() => book.submitLimit({ id: 1, ownerId: 'ann', side: 'buy', priceCents, quantityTonnes })).toThrow(RangeError);
    expect(book.size).toBe(0);
  });
});

describe('submitMarket', () => {
  const cases: Array<{ name: string; resting: Resting[]; taker: [number, string, OrderSide, number]; expected: ReturnType<typeof outcomeOf> }> = [
    {
      name: 'sweeps the levels and cancels what it cannot fill (immediate-or-cancel)',
      resting: [[1, 'ann', 'sell', 2500, 3], [2, 'bob', 'sell', 2510, 2]],
      taker: [9, 'dee', 'buy', 10],
      expected: {
        outcome: 'market_remainder_cancelled', status: 'cancelled', filledTonnes: 5, restingTonnes: 0, cancelledTonnes: 5,
        trades: [[1, 9, 2500, 3, 0], [2, 9, 2510, 2, 0]],
      },
    },
    {
      name: 'is filled when the book has enough',
      resting: [[1, 'ann', 'buy', 2500, 3], [2, 'bob', 'buy', 2490, 5]],
      taker: [9, 'dee', 'sell', 4],
      expected: { outcome: 'filled', status: 'filled', filledTonnes: 4, restingTonnes: 0, cancelledTonnes: 0, trades: [[1, 9, 2500, 3, 0], [2, 9, 2490, 1, 4]] },
    },
    {
      name: 'is cancelled whole on an empty book',
      resting: [],
      taker: [9, 'dee', 'sell', 4],
      expected: { outcome: 'market_remainder_cancelled', status: 'cancelled', filledTonnes: 0, restingTonnes: 0, cancelledTonnes: 4, trades: [] },
    },
    {
      name: 'stops at its own resting order',
      resting: [[1, 'ann', 'sell', 2500, 3], [2, 'dee', 'sell', 2510, 2], [3, 'bob', 'sell', 2520, 2]],
      taker: [9, 'dee', 'buy', 10],
      expected: { outcome: 'self_trade_cancelled', status: 'cancelled', filledTonnes: 3, restingTonnes: 0, cancelledTonnes: 7, trades: [[1, 9, 2500, 3, 0]] },
    },
  ];

  for (const { name, resting, taker, expected } of cases) {
    it(name, () => {
      const book = bookWith(resting);
      const [id, ownerId, side, quantityTonnes] = taker;
      expect(outcomeOf(book.submitMarket({ id, ownerId, side, quantityTonnes }))).toEqual(expected);
      expect(book.getOrder(9)).toBeUndefined();
      expect(book.depth(10)[side === 'buy' ? 'bids' : 'asks']).toEqual([]);
    });
  }
});
