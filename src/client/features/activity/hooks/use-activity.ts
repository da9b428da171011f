import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityPage } from '@/shared/schemas/activity';
import { getQueryFn } from '@/client/lib/api';
import { activityQueryString, type ActivityParams } from '@/client/features/activity/lib/activity-params';

/** One page of the user's activity; the previous page stays on screen while the next loads. */
export function useActivity(params: ActivityParams, enabled: boolean) {
  const query = activityQueryString(params);
  return useQuery<ActivityPage | null>({
    queryKey: [`/api/activity${query ? `?${query}` : ''}`],
    queryFn: getQueryFn<ActivityPage>({ on401: 'returnNull' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
