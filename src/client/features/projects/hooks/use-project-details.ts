import { useQuery } from '@tanstack/react-query';
import type { ProjectDetails } from '@/shared/schemas/project-details';
import type { Candle } from '@/shared/schemas/trading';

/** GET /api/projects/{id}: the project page's catalogue fields, serial blocks and latest MRV report. */
export function useProjectDetails(projectId: number) {
  return useQuery<ProjectDetails>({ queryKey: ['/api/projects', projectId], enabled: Number.isInteger(projectId) && projectId > 0, staleTime: 30_000 });
}

/** Daily candles of the project's trades (the trading screen's price history, 100 days). */
export function useDailyPrices(projectId: number) {
  return useQuery<Candle[]>({ queryKey: [`/api/trading/price-history/${projectId}?interval=1d&limit=100`], enabled: projectId > 0, staleTime: 30_000 });
}
