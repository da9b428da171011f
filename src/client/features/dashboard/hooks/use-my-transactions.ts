import { useQuery } from '@tanstack/react-query';
import type { Transaction } from '@/shared/schemas/transaction';
import { DASHBOARD_QUERY_OPTIONS } from '@/client/hooks/use-user-stats';
import { newestOf } from '@/client/lib/api';
import { DASHBOARD_LIST_SIZE } from '@/shared/constants';

/** The user's newest transactions, the few the dashboard shows; signed out (401) it is an empty result. */
export function useMyTransactions() {
  return useQuery<Transaction[] | null>({
    ...newestOf<Transaction>('/api/transactions/my', DASHBOARD_LIST_SIZE),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
