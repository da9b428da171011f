import { RATINGS } from '@/shared/integrity';
import type { Project } from '@/shared/schemas/project';
import { toCents } from '@/client/lib/format';

export const PROJECT_SORTS = ['featured', 'price-asc', 'price-desc', 'vintage-desc', 'vintage-asc', 'rating', 'availability'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

export const PROJECT_SORT_LABELS: Record<ProjectSort, string> = {
  featured: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'vintage-desc': 'Vintage: newest first',
  'vintage-asc': 'Vintage: oldest first',
  rating: 'Rating: best first',
  availability: 'Most credits available',
};

const priceCents = (project: Project) => toCents(project.pricePerCredit) ?? 0n;
/** Position in RATINGS (0 = AAA); an unrated project sorts after every rated one. */
const ratingRank = (project: Project) => (project.integrity.rating === null ? RATINGS.length : RATINGS.indexOf(project.integrity.rating));
const compareCents = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

const COMPARATORS: Record<Exclude<ProjectSort, 'featured'>, (a: Project, b: Project) => number> = {
  'price-asc': (a, b) => compareCents(priceCents(a), priceCents(b)),
  'price-desc': (a, b) => compareCents(priceCents(b), priceCents(a)),
  'vintage-desc': (a, b) => b.vintageYear - a.vintageYear,
  'vintage-asc': (a, b) => a.vintageYear - b.vintageYear,
  rating: (a, b) => ratingRank(a) - ratingRank(b),
  availability: (a, b) => b.availableCredits - a.availableCredits,
};

/** A sorted copy; `featured` keeps the catalogue's order, and ties keep it too (the sort is stable). */
export function sortProjects(projects: readonly Project[], sort: ProjectSort): Project[] {
  if (sort === 'featured') return [...projects];
  return [...projects].sort(COMPARATORS[sort]);
}
