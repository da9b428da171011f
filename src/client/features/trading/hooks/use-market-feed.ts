import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents } from '@/domain/money';
import type { FeedBook, FeedLevel } from '@/domain/trading/market-feed';
import { ORDER_BOOK_DEPTH, RECENT_TRADES_LIMIT } from '@/shared/constants';
import type { OrderBookData, OrderBookLevel, Trade } from '@/shared/schemas/trading';
import { FeedFollower } from '@/client/features/trading/lib/feed-follower';
import { marketKeys, orderBookKey, recentTradesKey } from './trading-keys';

const toLevel = (level: FeedLevel): OrderBookLevel => ({
  pricePerCredit: formatCents(level.priceCents), remainingQuantity: level.tonnes, total: formatCents(level.priceCents * BigInt(level.tonnes)), orderCount: level.orders,
});

/**
 * Follows the project's sequenced market-data feed (GET /api/trading/feed/:projectId/stream) while the screen shows
 * it: the book and the tape are the feed's own copy, written into the query cache as it changes (no refetch), and
 * each diff refreshes what the feed does not carry (chart, stats, the viewer's orders, cash and credits). A lost
 * message is a gap: the stream is opened again and starts with a new snapshot. EventSource reconnects by itself
 * after a network error, resuming from the last seq it saw.
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
    const follower = new FeedFollower({
      changed: (book: FeedBook<Trade>, via) => {
        queryClient.setQueryData<OrderBookData>(orderBookKey(projectId), {
          buyOrders: book.bids.slice(0, ORDER_BOOK_DEPTH).map(toLevel), sellOrders: book.asks.slice(0, ORDER_BOOK_DEPTH).map(toLevel),
        });
        queryClient.setQueryData<Trade[]>(recentTradesKey(projectId), book.trades.slice(0, RECENT_TRADES_LIMIT));
        // The first snapshot arrives with the screen's own reads; a later one follows a gap, in which anything may have moved.
        if (via === 'snapshot' && snapshots++ === 0) return;
        for (const queryKey of others) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
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
      source?.close();
    };
  }, [projectId, queryClient]);
}
