import { useQuery } from '@tanstack/react-query';
import type { Credit } from '@/shared/schemas/credit';
import type { Order } from '@/shared/schemas/trading';
import { getQueryFn } from '@/client/lib/api';
import { MY_CREDITS_KEY, MY_ORDERS_KEY } from './trading-keys';

/** The signed-in user's orders (live ones and the latest finished), or null when signed out. */
export function useMyOrders(enabled: boolean) {
  return useQuery<Order[] | null>({ queryKey: MY_ORDERS_KEY, queryFn: getQueryFn<Order[]>({ on401: 'returnNull' }), enabled });
}

/** The signed-in user's holdings, for the credits they can sell. */
export function useMyCredits(enabled: boolean) {
  return useQuery<Credit[] | null>({ queryKey: MY_CREDITS_KEY, queryFn: getQueryFn<Credit[]>({ on401: 'returnNull' }), enabled });
}

/** Tonnes of a project the user can put in a sell order: active holdings (escrowed ones are already in orders). */
export function availableTonnes(credits: readonly Credit[] | null | undefined, projectId: number | null): number {
  if (!credits || projectId === null) return 0;
  return credits.filter((credit) => credit.projectId === projectId && credit.status === 'active').reduce((sum, credit) => sum + credit.quantity, 0);
}
