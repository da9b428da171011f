import type { MarketOrderQuote, OrderType, Trade } from '@/shared/schemas/trading';
import { averagePriceCents, fillVenue } from '@/domain/routing/market-order-figures';
import { formatUsdCents, pluralize, toCents } from '@/client/lib/format';

export interface MarketOrderOutcome {
  variant: 'success' | 'destructive';
  title: string;
  description: string;
  /** The taker's stored order when the book filled part of it (a pool-only fill stores none). */
  orderId: number | null;
}

type FilledTrade = Trade & { venue?: 'book' | 'pool' };

const VENUE_WORDS = { book: 'from the order book', pool: 'from the liquidity pool', both: 'from the order book and the liquidity pool', none: '' } as const;

/** "from the order book and the liquidity pool": where a market order fills, in words (preview and result alike). */
export function venueWords(venue: MarketOrderQuote['venue']): string {
  return VENUE_WORDS[venue];
}

/** The sentence about the own resting order a market order does not take, or ''. */
export function ownOrderWords(ownOrder: MarketOrderQuote['ownOrder'], orderType: OrderType, tense: 'before' | 'after'): string {
  if (!ownOrder) return '';
  const side = orderType === 'buy' ? 'sell' : 'buy';
  const order = `Your own ${side} order at ${formatUsdCents(toCents(ownOrder.pricePerCredit) ?? 0n)}`;
  return tense === 'before'
    ? `${order} is not taken: market orders never trade with your own orders, so the book stops there.`
    : `${order} was not taken (market orders never trade with your own orders).`;
}

/**
 * The toast after a market order: what filled — tonnes, average price, total and where — computed with the quote's
 * own rounding (market-order-figures), so it reads like the preview. It is immediate-or-cancel, so an order that
 * met nothing did nothing: that is said plainly. A partial fill says how many tonnes of how many it got.
 */
export function marketOrderOutcome(trades: readonly FilledTrade[], orderType: OrderType, requestedTonnes: number, ownOrder: MarketOrderQuote['ownOrder'] = null): MarketOrderOutcome {
  const filledTonnes = trades.reduce((sum, trade) => sum + trade.quantity, 0);
  const own = ownOrderWords(ownOrder, orderType, 'after');
  if (trades.length === 0) {
    const missing = orderType === 'buy' ? 'sell orders or pool liquidity to buy from' : 'buy orders or pool liquidity to sell to';
    return { variant: 'destructive', title: 'Market Order Not Filled', description: [`There are no ${missing}; nothing was ${orderType === 'buy' ? 'bought' : 'sold'}.`, own].filter(Boolean).join(' '), orderId: null };
  }
  const cents = trades.reduce((sum, trade) => sum + (toCents(trade.totalValue) ?? 0n), 0n);
  const average = averagePriceCents(cents, BigInt(filledTonnes)) ?? 0n;
  const bookTonnes = trades.filter((trade) => trade.venue !== 'pool').reduce((sum, trade) => sum + trade.quantity, 0);
  const venue = venueWords(fillVenue(bookTonnes, filledTonnes - bookTonnes));
  const partial = filledTonnes < requestedTonnes ? `Filled ${pluralize(filledTonnes, 'credit')} of ${pluralize(requestedTonnes, 'credit')}; the rest was cancelled.` : '';
  const bookTrade = trades.find((trade) => trade.venue !== 'pool');
  const orderId = (orderType === 'buy' ? bookTrade?.buyOrderId : bookTrade?.sellOrderId) ?? null;
  return {
    variant: 'success',
    title: `${orderType === 'buy' ? 'Bought' : 'Sold'} ${pluralize(filledTonnes, 'credit')}`,
    description: [`Average ${formatUsdCents(average)} · total ${formatUsdCents(cents)}, ${venue}.`, partial, own].filter(Boolean).join(' '),
    orderId,
  };
}
