import { useQuery } from '@tanstack/react-query';
import type { Credit } from '@/shared/schemas/credit';
import type { UserStats } from '@/shared/schemas/stats';
import type { Transaction } from '@/shared/schemas/transaction';
import { getQueryFn } from '@/client/lib/api';

/** SPEC.md §7: the user's own data is retried 3 times and fresh for 30 s. */
const USER_DATA_OPTIONS = { retry: 3, staleTime: 30_000 } as const;

export const PORTFOLIO_KEYS = {
  credits: ['/api/credits/my'],
  stats: ['/api/stats/user'],
  transactions: ['/api/transactions/my'],
} as const;

/**
 * The three calls behind the Portfolio: holdings, user stats and transactions. They run only for a signed-in
 * user; a 401 (the session just expired) is an empty result, like on the dashboard that shares these caches.
 */
export function usePortfolioData(enabled: boolean) {
  const credits = useQuery<Credit[] | null>({
    queryKey: PORTFOLIO_KEYS.credits,
    queryFn: getQueryFn<Credit[]>({ on401: 'returnNull' }),
    enabled,
    ...USER_DATA_OPTIONS,
  });
  const stats = useQuery<UserStats | null>({
    queryKey: PORTFOLIO_KEYS.stats,
    queryFn: getQueryFn<UserStats>({ on401: 'returnNull' }),
    enabled,
    ...USER_DATA_OPTIONS,
  });
  const transactions = useQuery<Transaction[] | null>({
    queryKey: PORTFOLIO_KEYS.transactions,
    queryFn: getQueryFn<Transaction[]>({ on401: 'returnNull' }),
    enabled,
    ...USER_DATA_OPTIONS,
  });
  return { credits, stats, transactions };
}
