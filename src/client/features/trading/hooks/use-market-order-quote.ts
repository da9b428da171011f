import { useQuery } from '@tanstack/react-query';
import type { MarketOrderQuote, OrderType } from '@/shared/schemas/trading';
import { apiJson } from '@/client/lib/api';

export interface MarketOrderRequest {
  projectId: number;
  orderType: OrderType;
  quantity: number;
}

/** GET /api/trading/market-order/quote while the confirmation is open (null: closed); never cached past it. */
export function useMarketOrderQuote(request: MarketOrderRequest | null) {
  return useQuery<MarketOrderQuote>({
    queryKey: ['/api/trading/market-order/quote', request?.projectId, request?.orderType, request?.quantity],
    queryFn: () => apiJson<MarketOrderQuote>('GET', `/api/trading/market-order/quote?projectId=${request!.projectId}&orderType=${request!.orderType}&quantity=${request!.quantity}`),
    enabled: request !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
