import type { Project } from '../../../../shared/schemas/project';
import type { ProjectType, Standard } from '../../../../shared/constants';
import { DEFAULT_INTEGRITY_FILTERS, matchesIntegrityFilters, type IntegrityFilters } from './integrity-filters';

export const ALL = 'all';
export const PRICE_RANGES = ['any', '0-20', '20-50', '50+'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

export interface ProjectFilters extends IntegrityFilters {
  search: string;
  projectType: ProjectType | typeof ALL;
  standard: Standard | typeof ALL;
  /** Shown but deliberately not applied: SPEC.md §2 says the price range has no effect on the list. */
  priceRange: PriceRange;
}

export const DEFAULT_FILTERS: ProjectFilters = { search: '', projectType: ALL, standard: ALL, priceRange: 'any', ...DEFAULT_INTEGRITY_FILTERS };

/** Name contains the search text (case-insensitive), type and standard match unless set to all, and the integrity filters hold. */
export function filterProjects(projects: readonly Project[], filters: ProjectFilters): Project[] {
  const needle = filters.search.trim().toLowerCase();
  return projects.filter(
    (project) =>
      (needle === '' || project.name.toLowerCase().includes(needle)) &&
      (filters.projectType === ALL || project.projectType === filters.projectType) &&
      (filters.standard === ALL || project.standard === filters.standard) &&
      matchesIntegrityFilters(project, filters),
  );
}
