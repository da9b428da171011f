import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filterProjects } from '@/client/features/marketplace/hooks/filter-projects';
import { SEED_PROJECTS } from '@/server/db/seed-projects';
import { RATINGS } from '@/shared/integrity';
import type { Project } from '@/shared/schemas/project';

// The demo catalogue as the API serves it (only the fields the filters read matter).
const catalogue: Project[] = SEED_PROJECTS.map((seed, index) => ({
  id: index + 1, name: seed.name, description: seed.description, imageUrl: null, projectType: seed.projectType, standard: seed.standard,
  country: seed.country, vintageYear: seed.vintageYear, availableCredits: seed.totalIssued, totalCredits: seed.totalIssued,
  pricePerCredit: '1.00', serialPrefix: seed.serialPrefix, latitude: seed.latitude, longitude: seed.longitude, integrity: seed.integrity,
}));
const slugs = (projects: Project[]) => projects.map((project) => SEED_PROJECTS[project.id - 1].slug).sort();

describe('integrity filters on the demo catalogue', () => {
  it('keep everything when off', () => {
    expect(filterProjects(catalogue, DEFAULT_FILTERS)).toHaveLength(14);
  });

  it('CCP-labelled keeps only approved labels, not pending ones', () => {
    expect(slugs(filterProjects(catalogue, { ...DEFAULT_FILTERS, ccpLabelled: true }))).toEqual([
      'indonesia-peatland-restoration', 'ohio-landfill-gas', 'pennsylvania-coal-mine-methane',
    ]);
  });

  it('CORSIA eligible keeps the first and the pilot phase', () => {
    expect(slugs(filterProjects(catalogue, { ...DEFAULT_FILTERS, corsiaEligible: true }))).toEqual([
      'bangladesh-efficient-brick-kilns', 'guatemala-agroforestry', 'indonesia-peatland-restoration', 'noor-ouarzazate-solar',
      'pennsylvania-coal-mine-methane', 'rajasthan-wind-power', 'rwanda-clean-cookstoves', 'vietnam-run-of-river-hydro',
    ]);
  });

  it('removals only keeps removal projects, whatever their project type', () => {
    expect(slugs(filterProjects(catalogue, { ...DEFAULT_FILTERS, removalsOnly: true }))).toEqual([
      'guatemala-agroforestry', 'kenya-mangrove-restoration', 'scottish-highlands-woodland',
    ]);
  });

  it('minimum rating keeps that grade and better, and each step down keeps a superset', () => {
    expect(slugs(filterProjects(catalogue, { ...DEFAULT_FILTERS, minRating: 'AA' }))).toEqual(['pennsylvania-coal-mine-methane', 'scottish-highlands-woodland']);
    let previous = 0;
    for (const minRating of RATINGS) {
      const kept = filterProjects(catalogue, { ...DEFAULT_FILTERS, minRating });
      expect(kept.length, minRating).toBeGreaterThanOrEqual(previous);
      expect(kept.every((project) => RATINGS.indexOf(project.integrity.rating!) <= RATINGS.indexOf(minRating)), minRating).toBe(true);
      previous = kept.length;
    }
    expect(previous).toBe(14);
  });

  it('combine with each other and with the existing filters', () => {
    const kept = filterProjects(catalogue, { ...DEFAULT_FILTERS, corsiaEligible: true, removalsOnly: true, minRating: 'A' });
    expect(slugs(kept)).toEqual(['guatemala-agroforestry']);
    expect(filterProjects(catalogue, { ...DEFAULT_FILTERS, ccpLabelled: true, projectType: 'methane_capture' })).toHaveLength(2);
  });
});
