import { useQuery } from '@tanstack/react-query';
import type { Pool } from '@/shared/schemas/pool';

export const POOLS_KEY = '/api/trading/pools';

/**
 * The project's pool, or null. SPEC.md §7: a failure of GET /api/trading/pools/{projectId} (404 when there is none)
 * is treated as "no pool", so this query never errors.
 */
export function usePool(projectId: number | null) {
  return useQuery<Pool | null>({
    queryKey: [POOLS_KEY, projectId],
    enabled: projectId !== null,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        const response = await fetch(`${POOLS_KEY}/${projectId}`, { credentials: 'include', signal });
        return response.ok ? ((await response.json()) as Pool) : null;
      } catch (error) {
        if (signal.aborted) throw error;
        return null;
      }
    },
  });
}

/** A pool that can trade: it exists and its providers have not all withdrawn. */
export function isTradable(pool: Pool | null | undefined): pool is Pool {
  return !!pool && pool.totalLiquidity > 0 && pool.creditReserve > 0;
}
