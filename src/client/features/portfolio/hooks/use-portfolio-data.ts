import { useQuery } from '@tanstack/react-query';
import type { Credit } from '@/shared/schemas/credit';
import type { UserStats } from '@/shared/schemas/stats';
import type { ActivityPage } from '@/shared/schemas/activity';
import { getJson, getQueryFn } from '@/client/lib/api';

/** SPEC.md §7: the user's own data is retried 3 times and fresh for 30 s. */
const USER_DATA_OPTIONS = { retry: 3, staleTime: 30_000 } as const;

export const PORTFOLIO_KEYS = {
  credits: ['/api/credits/my'],
  stats: ['/api/stats/user'],
  transactions: ['/api/transactions/my'],
} as const;

/**
 * The three calls behind the Portfolio: holdings, user stats and the newest retirement (for Last Certificate: one
 * transaction, not the whole history). They run only for a signed-in user; a 401 (the session just expired) is an
 * empty result, like on the dashboard. The retirement is keyed under the transactions' key, so that whatever
 * refreshes the user's transactions (a purchase, a trade, a retirement) refreshes it.
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
  const lastRetirement = useQuery<ActivityPage | null, Error, string | null>({
    queryKey: [...PORTFOLIO_KEYS.transactions, { type: 'retirement', limit: 1 }],
    queryFn: ({ signal }) => getJson<ActivityPage>('/api/activity?type=retirement&pageSize=1', 'returnNull', signal),
    select: (page) => page?.items[0]?.certificateId ?? null,
    enabled,
    ...USER_DATA_OPTIONS,
  });
  return { credits, stats, lastRetirement };
}
