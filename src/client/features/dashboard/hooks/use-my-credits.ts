import { useQuery } from '@tanstack/react-query';
import type { Credit } from '@/shared/schemas/credit';
import { DASHBOARD_QUERY_OPTIONS } from '@/client/hooks/use-user-stats';
import { getQueryFn } from '@/client/lib/api';

export const MY_CREDITS_KEY = ['/api/credits/my'] as const;

/** The user's holdings; signed out (401) it is an empty result so the dashboard still renders. */
export function useMyCredits() {
  return useQuery<Credit[] | null>({
    queryKey: MY_CREDITS_KEY,
    queryFn: getQueryFn<Credit[]>({ on401: 'returnNull' }),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
