import { useQuery } from '@tanstack/react-query';
import type { UserStats } from '@/shared/schemas/stats';
import { getQueryFn } from '@/client/lib/api';

export const USER_STATS_KEY = ['/api/stats/user'] as const;

/** Retries and freshness the dashboard uses for the user's own data (SPEC.md §7). */
export const DASHBOARD_QUERY_OPTIONS = { retry: 3, staleTime: 30_000 } as const;

/**
 * The signed-in user's stats, or null when signed out (a 401 is an empty result so that signed-out screens
 * render without errors). `enabled` lets Home fetch only for a signed-in user (SPEC.md §6).
 */
export function useUserStats({ enabled = true, dashboard = false }: { enabled?: boolean; dashboard?: boolean } = {}) {
  return useQuery<UserStats | null>({
    queryKey: USER_STATS_KEY,
    queryFn: getQueryFn<UserStats>({ on401: 'returnNull' }),
    enabled,
    ...(dashboard ? DASHBOARD_QUERY_OPTIONS : {}),
  });
}
