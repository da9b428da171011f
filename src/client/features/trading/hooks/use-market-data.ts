import { useQuery } from '@tanstack/react-query';
import type { PriceInterval } from '@/shared/constants';
import { ORDER_BOOK_DEPTH, PRICE_HISTORY_LIMIT, RECENT_TRADES_LIMIT } from '@/shared/constants';
import type { Candle, MarketStats, OrderBookData, Trade } from '@/shared/schemas/trading';
import { apiJson } from '@/client/lib/api';
import { marketStatsKey, orderBookKey, priceHistoryKey, recentTradesKey } from './trading-keys';

// Public market data of one project. The live stream invalidates these keys, so no polling is needed.

export function useOrderBook(projectId: number | null) {
  return useQuery<OrderBookData>({
    queryKey: orderBookKey(projectId ?? 0),
    queryFn: () => apiJson('GET', `/api/trading/orderbook/${projectId}?depth=${ORDER_BOOK_DEPTH}`),
    enabled: projectId !== null,
  });
}

export function useRecentTrades(projectId: number | null) {
  return useQuery<Trade[]>({
    queryKey: recentTradesKey(projectId ?? 0),
    queryFn: () => apiJson('GET', `/api/trading/trades/${projectId}?limit=${RECENT_TRADES_LIMIT}`),
    enabled: projectId !== null,
  });
}

export function useMarketStats(projectId: number | null) {
  return useQuery<MarketStats>({ queryKey: marketStatsKey(projectId ?? 0), enabled: projectId !== null });
}

export function usePriceHistory(projectId: number | null, interval: PriceInterval) {
  return useQuery<Candle[]>({
    queryKey: priceHistoryKey(projectId ?? 0, interval),
    queryFn: () => apiJson('GET', `/api/trading/price-history/${projectId}?interval=${interval}&limit=${PRICE_HISTORY_LIMIT}`),
    enabled: projectId !== null,
    // Switching back to an interval shows what was there at once; the stream keeps it current.
    placeholderData: (previous) => previous,
  });
}
