import { describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { DEFAULT_FILTERS, filterProjects, hasActiveFilters } from '@/client/features/marketplace/hooks/filter-projects';
import { parseQuantity } from '@/client/features/marketplace/hooks/parse-quantity';

const project = (id: number, name: string, projectType: Project['projectType'], standard: Project['standard'], pricePerCredit: string): Project => ({
  id, name, projectType, standard, pricePerCredit, description: '', imageUrl: null, country: 'X', vintageYear: 2022,
  availableCredits: 10, totalCredits: 10, serialPrefix: 'S', latitude: 0, longitude: 0,
  integrity: {
    ccpLabel: 'none', corsia: 'not_eligible', article6: 'not_authorised', correspondingAdjustment: 'not_applicable', category: 'reduction',
    bufferPoolPercent: null, rating: null, ratingOnWatch: false, demoData: true,
  },
});

const projects = [
  project(1, 'Atacama Desert Solar Park', 'solar_energy', 'verra', '11.90'),
  project(2, 'Ohio Landfill Gas Capture', 'methane_capture', 'car', '9.80'),
  project(3, 'Pennsylvania Coal Mine Methane', 'methane_capture', 'cdm', '8.90'),
];

describe('filterProjects', () => {
  it('matches names case-insensitively by substring', () => {
    expect(filterProjects(projects, { ...DEFAULT_FILTERS, search: 'SOLAR' }).map((p) => p.id)).toEqual([1]);
    expect(filterProjects(projects, { ...DEFAULT_FILTERS, search: '  gas ' }).map((p) => p.id)).toEqual([2]);
  });

  it('combines type and standard', () => {
    expect(filterProjects(projects, { ...DEFAULT_FILTERS, projectType: 'methane_capture' }).map((p) => p.id)).toEqual([2, 3]);
    expect(filterProjects(projects, { ...DEFAULT_FILTERS, projectType: 'methane_capture', standard: 'cdm' }).map((p) => p.id)).toEqual([3]);
  });

  describe('price range (per credit; ranges do not overlap)', () => {
    const priced = [
      project(1, 'A', 'solar_energy', 'verra', '0.01'),
      project(2, 'B', 'solar_energy', 'verra', '20.00'),
      project(3, 'C', 'solar_energy', 'verra', '20.01'),
      project(4, 'D', 'solar_energy', 'verra', '50.00'),
      project(5, 'E', 'solar_energy', 'verra', '50.01'),
    ];
    it.each([
      ['any', [1, 2, 3, 4, 5]],
      ['0-20', [1, 2]],
      ['20-50', [3, 4]],
      ['50+', [5]],
    ] as const)('%s keeps %j', (priceRange, ids) => {
      expect(filterProjects(priced, { ...DEFAULT_FILTERS, priceRange }).map((p) => p.id)).toEqual(ids);
    });
  });
});

describe('hasActiveFilters', () => {
  it('is false for the defaults (and a blank search), true once any filter narrows the list', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: '   ' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: 'solar' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, projectType: 'solar_energy' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, standard: 'car' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, priceRange: '50+' })).toBe(true);
  });
});

describe('parseQuantity', () => {
  it.each([
    ['3', 3],
    ['', 1],
    ['abc', 1],
    ['0', 1],
    ['-5', 1],
    ['2.7', 2],
    ['999999', 999999],
  ])('reads %j as %i', (text, expected) => {
    expect(parseQuantity(text)).toBe(expected);
  });
});
