import type { Project } from '@/shared/schemas/project';
import type { ProjectType, Standard } from '@/shared/constants';
import { toCents } from '@/client/lib/format';
import { DEFAULT_INTEGRITY_FILTERS, matchesIntegrityFilters, type IntegrityFilters } from './integrity-filters';

export const ALL = 'all';
export const PRICE_RANGES = ['any', '0-20', '20-50', '50+'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

export interface ProjectFilters extends IntegrityFilters {
  search: string;
  projectType: ProjectType | typeof ALL;
  standard: Standard | typeof ALL;
  /**
   * Applied (issue #18: a control that looks live must work). Ranges are per credit and do not overlap:
   * up to $20.00, above $20.00 up to $50.00, above $50.00.
   */
  priceRange: PriceRange;
}

export const DEFAULT_FILTERS: ProjectFilters = { search: '', projectType: ALL, standard: ALL, priceRange: 'any', ...DEFAULT_INTEGRITY_FILTERS };

/** Price bounds in cents, exclusive below and inclusive above: (min, max]. */
const PRICE_BOUNDS_CENTS: Record<PriceRange, [bigint, bigint | null]> = {
  any: [-1n, null],
  '0-20': [-1n, 2000n],
  '20-50': [2000n, 5000n],
  '50+': [5000n, null],
};

function inPriceRange(project: Project, range: PriceRange): boolean {
  const cents = toCents(project.pricePerCredit) ?? 0n;
  const [above, upTo] = PRICE_BOUNDS_CENTS[range];
  return cents > above && (upTo === null || cents <= upTo);
}

/** Whether the project's name or country contains the search text (case-insensitive). */
function matchesSearch(project: Project, needle: string): boolean {
  return needle === '' || project.name.toLowerCase().includes(needle) || project.country.toLowerCase().includes(needle);
}

/** Name or country contains the search text (case-insensitive); type, standard and price range match unless set to all/any; the integrity filters hold. */
export function filterProjects(projects: readonly Project[], filters: ProjectFilters): Project[] {
  const needle = filters.search.trim().toLowerCase();
  return projects.filter(
    (project) =>
      matchesSearch(project, needle) &&
      (filters.projectType === ALL || project.projectType === filters.projectType) &&
      (filters.standard === ALL || project.standard === filters.standard) &&
      inPriceRange(project, filters.priceRange) &&
      matchesIntegrityFilters(project, filters),
  );
}

/** Whether any filter narrows the list (so that Clear filters has something to clear). */
export function hasActiveFilters(filters: ProjectFilters): boolean {
  return filters.search.trim() !== '' || activeRefinementCount(filters) > 0;
}

/** How many filters besides the search narrow the list: the count on the phone's Filters button. */
export function activeRefinementCount(filters: ProjectFilters): number {
  return [filters.projectType !== DEFAULT_FILTERS.projectType, filters.standard !== DEFAULT_FILTERS.standard, filters.priceRange !== DEFAULT_FILTERS.priceRange,
    filters.ccpLabelled, filters.corsiaEligible, filters.removalsOnly, filters.minRating !== DEFAULT_FILTERS.minRating].filter(Boolean).length;
}
