import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RegistryPage } from '@/shared/schemas/registry';

export function registryQueryString(search: string, page: number): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('q', search.trim());
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** One page of GET /api/registry/retirements; the previous page stays on screen while the next loads. */
export function useRegistry(search: string, page: number) {
  const query = registryQueryString(search, page);
  return useQuery<RegistryPage>({
    queryKey: [`/api/registry/retirements${query ? `?${query}` : ''}`],
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
