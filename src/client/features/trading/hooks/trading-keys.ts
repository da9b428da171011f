import type { PriceInterval } from '@/shared/constants';

// Query keys start with the API path (STYLE.md §2); the default query function joins them into the URL.
export const orderBookKey = (projectId: number) => ['/api/trading/orderbook', projectId] as const;
export const recentTradesKey = (projectId: number) => ['/api/trading/trades', projectId] as const;
export const marketStatsKey = (projectId: number) => ['/api/trading/stats', projectId] as const;
export const priceHistoryKey = (projectId: number, interval: PriceInterval) => ['/api/trading/price-history', projectId, interval] as const;
export const MY_ORDERS_KEY = ['/api/trading/orders/my'] as const;
export const MY_CREDITS_KEY = ['/api/credits/my'] as const;

/** What any change of a project's market may have changed for the viewer (book, tape, chart, stats, own orders). */
export function marketKeys(projectId: number): readonly (readonly unknown[])[] {
  return [
    orderBookKey(projectId),
    recentTradesKey(projectId),
    ['/api/trading/price-history', projectId],
    marketStatsKey(projectId),
    ['/api/trading/stats'],
    MY_ORDERS_KEY,
    // A fill of a resting order moves the owner's cash and credits without them doing anything.
    MY_CREDITS_KEY,
    ['/api/auth/user'],
    ['/api/stats/user'],
    ['/api/transactions/my'],
    // Pool reserves, the viewer's LP share and live swap quotes move with every swap.
    ['/api/trading/pools', projectId],
    // An open market-order preview follows the book and the pool.
    ['/api/trading/market-order/quote', projectId],
  ];
}
