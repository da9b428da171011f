import { useQuery } from '@tanstack/react-query';
import type { ProjectTonnes } from '@/shared/schemas/credit';
import { getQueryFn } from '@/client/lib/api';

/** Under the holdings' key (`['/api/credits/my']`), so that whatever refreshes the user's credits refreshes it. */
export const projectTonnesKey = (projectId: number) => ['/api/credits/my', 'projects', projectId] as const;

/**
 * The signed-in user's active and escrowed tonnes of one project (GET /api/credits/my/projects/:projectId): what a
 * sell order or a pool deposit can use. The trading screen refreshes it on every change of its market, so it asks for
 * two sums, not for every lot the user ever held. Null when signed out.
 */
export function useProjectTonnes(projectId: number | null, signedIn: boolean) {
  return useQuery<ProjectTonnes | null>({
    queryKey: projectTonnesKey(projectId ?? 0),
    queryFn: getQueryFn<ProjectTonnes>({ on401: 'returnNull' }),
    enabled: signedIn && projectId !== null,
  });
}
