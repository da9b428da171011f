import { useQuery } from '@tanstack/react-query';
import type { PlatformStats } from '@/shared/schemas/stats';

export const PLATFORM_STATS_KEY = ['/api/stats/platform'] as const;

export function usePlatformStats() {
  return useQuery<PlatformStats>({ queryKey: PLATFORM_STATS_KEY });
}
