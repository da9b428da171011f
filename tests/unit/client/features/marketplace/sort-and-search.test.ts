import { describe, expect, it } from 'vitest';
import type { Rating } from '@/shared/integrity';
import type { Project } from '@/shared/schemas/project';
import { DEFAULT_FILTERS, activeRefinementCount, filterProjects } from '@/client/features/marketplace/hooks/filter-projects';
import { PROJECT_SORTS, sortProjects } from '@/client/features/marketplace/hooks/sort-projects';

const project = (id: number, fields: { name: string; country: string; price: string; vintage: number; rating: Rating | null; available: number }): Project => ({
  id, name: fields.name, country: fields.country, pricePerCredit: fields.price, vintageYear: fields.vintage, availableCredits: fields.available,
  projectType: 'reforestation', standard: 'verra', description: '', imageUrl: null, totalCredits: 20_000, serialPrefix: 'S', latitude: 0, longitude: 0,
  integrity: {
    ccpLabel: 'none', corsia: 'not_eligible', article6: 'not_authorised', correspondingAdjustment: 'not_applicable', category: 'reduction',
    bufferPoolPercent: null, rating: fields.rating, ratingOnWatch: false, demoData: true,
  },
});

const catalogue = [
  project(1, { name: 'Amazon Rainforest Conservation', country: 'Brazil', price: '18.50', vintage: 2021, rating: 'BB', available: 12_000 }),
  project(2, { name: 'Gazi Bay Mangrove Restoration', country: 'Kenya', price: '24.00', vintage: 2022, rating: 'A', available: 4_500 }),
  project(3, { name: 'Scottish Highlands Native Woodland', country: 'United Kingdom', price: '78.00', vintage: 2025, rating: 'AA', available: 2_000 }),
  project(4, { name: 'Song Bung Run-of-River Hydro', country: 'Vietnam', price: '5.40', vintage: 2018, rating: null, available: 11_000 }),
  project(5, { name: 'Ohio Landfill Gas Capture', country: 'United States', price: '100.00', vintage: 2022, rating: 'A', available: 7_000 }),
];
const ids = (projects: Project[]) => projects.map((p) => p.id);

describe('search', () => {
  it('matches the name or the country, case-insensitively', () => {
    expect(ids(filterProjects(catalogue, { ...DEFAULT_FILTERS, search: 'kenya' }))).toEqual([2]);
    expect(ids(filterProjects(catalogue, { ...DEFAULT_FILTERS, search: 'United' }))).toEqual([3, 5]);
    expect(ids(filterProjects(catalogue, { ...DEFAULT_FILTERS, search: 'mangrove' }))).toEqual([2]);
    expect(ids(filterProjects(catalogue, { ...DEFAULT_FILTERS, search: 'atlantis' }))).toEqual([]);
  });
});

describe('sortProjects', () => {
  it.each([
    ['featured', [1, 2, 3, 4, 5]],
    // Cents compare exactly: $100.00 sorts after $78.00 (a string comparison would put it first).
    ['price-asc', [4, 1, 2, 3, 5]],
    ['price-desc', [5, 3, 2, 1, 4]],
    ['vintage-desc', [3, 2, 5, 1, 4]],
    ['vintage-asc', [4, 1, 2, 5, 3]],
    // Best rating first, ties in catalogue order, unrated last.
    ['rating', [3, 2, 5, 1, 4]],
    ['availability', [1, 4, 5, 2, 3]],
  ] as const)('%s', (sort, expected) => {
    expect(ids(sortProjects(catalogue, sort))).toEqual(expected);
  });

  it('never reorders the list it was given', () => {
    const before = ids(catalogue);
    for (const sort of PROJECT_SORTS) sortProjects(catalogue, sort);
    expect(ids(catalogue)).toEqual(before);
  });
});

describe('activeRefinementCount (the phone Filters button)', () => {
  it('counts every set filter but the search', () => {
    expect(activeRefinementCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeRefinementCount({ ...DEFAULT_FILTERS, search: 'x' })).toBe(0);
    expect(activeRefinementCount({ ...DEFAULT_FILTERS, standard: 'car', removalsOnly: true, minRating: 'A' })).toBe(3);
  });
});
