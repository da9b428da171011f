import { useQuery } from '@tanstack/react-query';
import type { Transaction } from '@/shared/schemas/transaction';
import { DASHBOARD_QUERY_OPTIONS } from '@/client/hooks/use-user-stats';
import { getQueryFn } from '@/client/lib/api';

export const MY_TRANSACTIONS_KEY = ['/api/transactions/my'] as const;

/** The user's transaction history, newest first; signed out (401) it is an empty result. */
export function useMyTransactions() {
  return useQuery<Transaction[] | null>({
    queryKey: MY_TRANSACTIONS_KEY,
    queryFn: getQueryFn<Transaction[]>({ on401: 'returnNull' }),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
