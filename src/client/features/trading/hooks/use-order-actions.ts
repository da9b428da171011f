import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoutedTrade } from '@/shared/schemas/pool';
import type { AmendOrderBody, CancelAllResponse, MarketOrderBody, Order, OrderType, PlaceOrderBody, PlaceOrderResponse } from '@/shared/schemas/trading';
import type { PendingApproval } from '@/shared/schemas/approval';
import { apiJson } from '@/client/lib/api';
import { marketKeys } from './trading-keys';

function useRefreshMarket() {
  const queryClient = useQueryClient();
  return (projectId: number) => {
    for (const queryKey of marketKeys(projectId)) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  };
}

/** POST /api/trading/orders (a limit order); the body carries what the SPEC client sends. 202: sent for approval (issue 30). */
export function usePlaceOrder() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => apiJson<PlaceOrderResponse | PendingApproval>('POST', '/api/trading/orders', body),
    onSuccess: (_data, body) => refresh(body.projectId),
  });
}

/** POST /api/trading/market-order: immediate-or-cancel; the answer is the list of trades, each with its venue (or 202: sent for approval). */
export function useMarketOrder() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (body: MarketOrderBody & { orderType: OrderType }) => apiJson<RoutedTrade[] | PendingApproval>('POST', '/api/trading/market-order', body),
    onSuccess: (_data, body) => refresh(body.projectId),
  });
}

/** PATCH /api/trading/orders/:id/cancel (no body). */
export function useCancelOrder() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (order: Pick<Order, 'id' | 'projectId'>) => apiJson<Order>('PATCH', `/api/trading/orders/${order.id}/cancel`),
    onSuccess: (_data, order) => refresh(order.projectId),
  });
}

/** PATCH /api/trading/orders/:id: a new total quantity and/or price; the answer is the order. */
export function useAmendOrder() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: ({ order, body }: { order: Pick<Order, 'id' | 'projectId'>; body: AmendOrderBody }) => apiJson<Order>('PATCH', `/api/trading/orders/${order.id}`, body),
    onSuccess: (_data, { order }) => refresh(order.projectId),
  });
}

/** POST /api/trading/orders/cancel-all?projectId=: every live order of the project (waiting stops too). */
export function useCancelAllOrders() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (projectId: number) => apiJson<CancelAllResponse>('POST', `/api/trading/orders/cancel-all?projectId=${projectId}`),
    onSuccess: (_data, projectId) => refresh(projectId),
  });
}
