import { describe, expect, it } from 'vitest';
import type { OrderBookLevel, Trade } from '../../../../../src/shared/schemas/trading';
import { bookDepth } from '../../../../../src/client/features/trading/hooks/book-depth';
import { marketOrderOutcome } from '../../../../../src/client/features/trading/hooks/market-order-outcome';

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
      variant: 'destructive', title: 'Market Order Not Filled', description: 'There are no sell orders or pool liquidity to buy from; nothing was bought.',
    });
    expect(marketOrderOutcome([], 'sell', 5).description).toBe('There are no buy orders or pool liquidity to sell to; nothing was sold.');
  });

  it('pluralises the trades and reports a partial fill', () => {
    expect(marketOrderOutcome([trade(5)], 'buy', 5)).toEqual({ variant: 'success', title: 'Market Order Executed', description: 'Executed 1 trade' });
    expect(marketOrderOutcome([trade(2), trade(1)], 'buy', 5).description).toBe('Executed 2 trades. Filled 3 credits of 5 credits; the rest was cancelled.');
  });
});
