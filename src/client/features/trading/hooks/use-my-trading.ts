import { useQuery } from '@tanstack/react-query';
import type { Order } from '@/shared/schemas/trading';
import { getQueryFn } from '@/client/lib/api';
import { MY_ORDERS_KEY } from './trading-keys';

/** The signed-in user's orders (live ones and the latest finished), or null when signed out. */
export function useMyOrders(enabled: boolean) {
  return useQuery<Order[] | null>({ queryKey: MY_ORDERS_KEY, queryFn: getQueryFn<Order[]>({ on401: 'returnNull' }), enabled });
}
