import { useQuery } from '@tanstack/react-query';
import type { Project } from '@/shared/schemas/project';

export const PROJECTS_KEY = ['/api/projects'] as const;

const FIVE_MINUTES_MS = 5 * 60_000;
const TEN_MINUTES_MS = 10 * 60_000;

/** The verified project catalogue: fresh 5 minutes, cached 10, retried 3 times (SPEC.md §7). */
export function useProjects() {
  return useQuery<Project[]>({
    queryKey: PROJECTS_KEY,
    staleTime: FIVE_MINUTES_MS,
    gcTime: TEN_MINUTES_MS,
    retry: 3,
  });
}
