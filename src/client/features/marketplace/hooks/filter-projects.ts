import type { Project } from '../../../../shared/schemas/project';
import type { ProjectType, Standard } from '../../../../shared/constants';

export const ALL = 'all';
export const PRICE_RANGES = ['any', '0-20', '20-50', '50+'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

export interface ProjectFilters {
  search: string;
  projectType: ProjectType | typeof ALL;
  standard: Standard | typeof ALL;
  /** Shown but deliberately not applied: SPEC.md §2 says the price range has no effect on the list. */
  priceRange: PriceRange;
}

export const DEFAULT_FILTERS: ProjectFilters = { search: '', projectType: ALL, standard: ALL, priceRange: 'any' };

/** Name contains the search text (case-insensitive), and type and standard match unless set to all. */
export function filterProjects(projects: readonly Project[], filters: ProjectFilters): Project[] {
  const needle = filters.search.trim().toLowerCase();
  return projects.filter(
    (project) =>
      (needle === '' || project.name.toLowerCase().includes(needle)) &&
      (filters.projectType === ALL || project.projectType === filters.projectType) &&
      (filters.standard === ALL || project.standard === filters.standard),
  );
}
