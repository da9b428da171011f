import { describe, expect, it } from 'vitest';
import type { OrderBookLevel, Trade } from '@/shared/schemas/trading';
import { bookDepth } from '@/client/features/trading/hooks/book-depth';
import { marketOrderOutcome } from '@/client/features/trading/hooks/market-order-outcome';

const level = (pricePerCredit: string, remainingQuantity: number): OrderBookLevel => ({ pricePerCredit, remainingQuantity, total: '0.00', orderCount: 1 });
const trade = (quantity: number): Trade => ({
  id: quantity, projectId: 1, buyOrderId: null, sellOrderId: null, pricePerCredit: '10.00', quantity, totalValue: '0.00', createdAt: '2026-01-01T00:00:00.000Z',
} as Trade);

describe('bookDepth', () => {
  it('accumulates tonnes from the best price outward, both sides on the deeper side\'s scale', () => {
    const { sells, buys } = bookDepth([level('10.00', 5), level('11.00', 15)], [level('9.00', 10)]);
    expect(sells.map((l) => [l.cumulativeTonnes, l.depthPercent])).toEqual([[5, 25], [20, 100]]);
    expect(buys.map((l) => [l.cumulativeTonnes, l.depthPercent])).toEqual([[10, 50]]);
  });

  it('gives an empty book no bars and no division by zero', () => {
    expect(bookDepth([], [])).toEqual({ sells: [], buys: [] });
  });
});

describe('marketOrderOutcome', () => {
  it('says plainly that an order meeting nothing did nothing, and is not a success', () => {
    expect(marketOrderOutcome([], 'buy', 5)).toEqual({
      variant: 'destructive', title: 'Market Order Not Filled', description: 'There are no sell orders or pool liquidity to buy from; nothing was bought.', orderId: null,
    });
    expect(marketOrderOutcome([], 'sell', 5).description).toBe('There are no buy orders or pool liquidity to sell to; nothing was sold.');
  });

  it('gives the tonnes, the average price (half up to the cent), the total and where it filled', () => {
    const book = { ...trade(2), totalValue: '20.00', buyOrderId: 7, venue: 'book' as const };
    const pool = { ...trade(1), totalValue: '10.01', venue: 'pool' as const };
    // $30.01 / 3 = $10.0033… → $10.00.
    expect(marketOrderOutcome([book, pool], 'buy', 3)).toEqual({
      variant: 'success', title: 'Bought 3 credits', description: 'Average $10.00 · total $30.01, from the order book and the liquidity pool.', orderId: 7,
    });
    expect(marketOrderOutcome([{ ...pool, quantity: 1 }], 'sell', 5)).toEqual({
      variant: 'success', title: 'Sold 1 credit', description: 'Average $10.01 · total $10.01, from the liquidity pool. Filled 1 credit of 5 credits; the rest was cancelled.', orderId: null,
    });
  });

  it('says that one\'s own resting order was not taken', () => {
    const outcome = marketOrderOutcome([{ ...trade(1), totalValue: '24.93', venue: 'pool' as const }], 'buy', 1, { id: 3, pricePerCredit: '20.00', quantity: 1 });
    expect(outcome.description).toBe('Average $24.93 · total $24.93, from the liquidity pool. Your own sell order at $20.00 was not taken (market orders never trade with your own orders).');
  });
});
