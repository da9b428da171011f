import { useQuery } from '@tanstack/react-query';
import type { Credit } from '@/shared/schemas/credit';
import { DASHBOARD_QUERY_OPTIONS } from '@/client/hooks/use-user-stats';
import { newestOf } from '@/client/lib/api';
import { DASHBOARD_LIST_SIZE } from '@/shared/constants';

/** The user's newest holdings, the few the dashboard shows; signed out (401) it is an empty result so the dashboard still renders. */
export function useMyCredits() {
  return useQuery<Credit[] | null>({
    ...newestOf<Credit>('/api/credits/my', DASHBOARD_LIST_SIZE),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
