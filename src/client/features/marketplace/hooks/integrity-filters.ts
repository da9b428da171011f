import { ratingAtLeast, type Rating } from '@/shared/integrity';
import type { Project } from '@/shared/schemas/project';

export const ANY_RATING = 'any';

/** The integrity filters of the marketplace (issue #15); applied in the browser like the others, on the cached catalogue. */
export interface IntegrityFilters {
  /** ICVCM CCP label approved (a pending label does not count). */
  ccpLabelled: boolean;
  /** CORSIA eligible in the first or the pilot phase. */
  corsiaEligible: boolean;
  removalsOnly: boolean;
  minRating: Rating | typeof ANY_RATING;
}

export const DEFAULT_INTEGRITY_FILTERS: IntegrityFilters = { ccpLabelled: false, corsiaEligible: false, removalsOnly: false, minRating: ANY_RATING };

export function matchesIntegrityFilters({ integrity }: Project, filters: IntegrityFilters): boolean {
  return (
    (!filters.ccpLabelled || integrity.ccpLabel === 'approved') &&
    (!filters.corsiaEligible || integrity.corsia !== 'not_eligible') &&
    (!filters.removalsOnly || integrity.category === 'removal') &&
    (filters.minRating === ANY_RATING || ratingAtLeast(integrity.rating, filters.minRating))
  );
}

export function hasActiveIntegrityFilters(filters: IntegrityFilters): boolean {
  return filters.ccpLabelled || filters.corsiaEligible || filters.removalsOnly || filters.minRating !== ANY_RATING;
}
