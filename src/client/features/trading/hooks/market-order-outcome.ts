import type { OrderType, Trade } from '../../../../shared/schemas/trading';
import { pluralize } from '../../../lib/format';

export interface MarketOrderOutcome {
  variant: 'success' | 'destructive';
  title: string;
  description: string;
}

/**
 * The toast after a market order. It is immediate-or-cancel, so an order that met nothing did nothing: that is
 * said plainly instead of a green "Executed 0 trades". A partial fill says how many tonnes of how many it got.
 */
export function marketOrderOutcome(trades: readonly Trade[], orderType: OrderType, requestedTonnes: number): MarketOrderOutcome {
  const filledTonnes = trades.reduce((sum, trade) => sum + trade.quantity, 0);
  if (trades.length === 0) {
    const missing = orderType === 'buy' ? 'sell orders or pool liquidity to buy from' : 'buy orders or pool liquidity to sell to';
    return { variant: 'destructive', title: 'Market Order Not Filled', description: `There are no ${missing}; nothing was ${orderType === 'buy' ? 'bought' : 'sold'}.` };
  }
  const partial = filledTonnes < requestedTonnes ? `. Filled ${pluralize(filledTonnes, 'credit')} of ${pluralize(requestedTonnes, 'credit')}; the rest was cancelled.` : '';
  return { variant: 'success', title: 'Market Order Executed', description: `Executed ${pluralize(trades.length, 'trade')}${partial}` };
}
