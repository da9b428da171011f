import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { throttle } from 'es-toolkit';
import { formatCents } from '@/domain/money';
import type { FeedBook, FeedLevel } from '@/domain/trading/market-feed';
import { ORDER_BOOK_DEPTH, RECENT_TRADES_LIMIT } from '@/shared/constants';
import type { OrderBookData, OrderBookLevel, Trade } from '@/shared/schemas/trading';
import { FeedFollower } from '@/client/features/trading/lib/feed-follower';
import { marketKeys, orderBookKey, recentTradesKey } from './trading-keys';

/**
 * The reads a market change refreshes (chart, stats, the viewer's orders, cash and tonnes) are refreshed at most this
 * often: at once, then once more at the end of the window if the market moved again. A busy market moves many times a
 * second, and each viewer refetching ten reads on every move would be the server's heaviest load.
 */
export const MARKET_REFRESH_MS = 1000;

const toLevel = (level: FeedLevel): OrderBookLevel => ({
  pricePerCredit: formatCents(level.priceCents), remainingQuantity: level.tonnes, total: formatCents(level.priceCents * BigInt(level.tonnes)), orderCount: level.orders,
});

/**
 * Follows the project's sequenced market-data feed (GET /api/trading/feed/:projectId/stream) while the screen shows
 * it: the book and the tape are the feed's own copy, written into the query cache as it changes (no refetch), and
 * a diff refreshes what the feed does not carry (chart, stats, the viewer's orders, cash and credits), at most once
 * every MARKET_REFRESH_MS. A lost message is a gap: the stream is opened again and starts with a new snapshot.
 * EventSource reconnects by itself after a network error, resuming from the last seq it saw.
 */
export function useMarketFeed(projectId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (projectId === null || typeof EventSource === 'undefined') return;
    const fed = new Set<unknown>([orderBookKey(projectId)[0], recentTradesKey(projectId)[0]]);
    const others = marketKeys(projectId).filter((key) => !fed.has(key[0]));
    let source: EventSource | null = null;
    let closed = false;
    let snapshots = 0;
    const refreshOthers = throttle(() => {
      for (const queryKey of others) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    }, MARKET_REFRESH_MS, { edges: ['leading', 'trailing'] });
    const follower = new FeedFollower({
      changed: (book: FeedBook<Trade>, via) => {
        queryClient.setQueryData<OrderBookData>(orderBookKey(projectId), {
          buyOrders: book.bids.slice(0, ORDER_BOOK_DEPTH).map(toLevel), sellOrders: book.asks.slice(0, ORDER_BOOK_DEPTH).map(toLevel),
        });
        queryClient.setQueryData<Trade[]>(recentTradesKey(projectId), book.trades.slice(0, RECENT_TRADES_LIMIT));
        // The first snapshot arrives with the screen's own reads; a later one follows a gap, in which anything may have moved.
        if (via === 'snapshot' && snapshots++ === 0) return;
        refreshOthers();
      },
      resync: () => connect(),
    });
    const connect = () => {
      source?.close();
      if (closed) return;
      source = new EventSource(`/api/trading/feed/${projectId}/stream`);
      follower.follow(source);
    };
    connect();
    return () => {
      closed = true;
      refreshOthers.cancel();
      source?.close();
    };
  }, [projectId, queryClient]);
}
