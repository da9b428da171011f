import { describe, expect, it } from 'vitest';
import { SEED_PROJECTS } from '@/server/db/seed-projects';
import { latestMrvReport } from '@/server/services/project-details';

// Issue: the demo catalogue's reports showed a dry landscape under 89.7 % forest cover and an annual change 2.4 times
// the whole stock. These bounds come from the land, not from the generator's tables: whatever the day (the report
// is seeded by the date), every seeded project's figures must stay within them.
const DAYS = 120;
const dates = Array.from({ length: DAYS }, (_, day) => new Date(Date.UTC(2026, 0, 1 + day * 3, 12)));

/** The most CO2 a hectare of any land holds in living biomass (the densest tropical forests: ~450 t biomass × 1.72). */
const MAX_CO2_PER_HA = 800;
/** A year's net change of the stock, as a share of it, that a project area can plausibly show. */
const MAX_ANNUAL_CHANGE_SHARE = 0.1;

/** Forest cover a satellite could see on each seeded project's land. */
const COVER_BOUNDS: Record<string, [min: number, max: number]> = {
  'amazon-rainforest-conservation': [75, 100],
  'kenya-mangrove-restoration': [40, 90],
  'indonesia-peatland-restoration': [40, 90],
  'scottish-highlands-woodland': [5, 50],
  'guatemala-agroforestry': [20, 70],
  'rajasthan-wind-power': [0, 10],
  'vietnam-run-of-river-hydro': [30, 85],
  'atacama-solar-park': [0, 2],
  'noor-ouarzazate-solar': [0, 2],
  'ohio-landfill-gas': [10, 60],
  'california-dairy-digesters': [0, 15],
  'pennsylvania-coal-mine-methane': [10, 60],
  'rwanda-clean-cookstoves': [5, 35],
  'bangladesh-efficient-brick-kilns': [0, 15],
};

describe("every seeded project's satellite MRV figures are plausible", () => {
  it('names bounds for every seeded project', () => {
    expect(Object.keys(COVER_BOUNDS).sort()).toEqual(SEED_PROJECTS.map((project) => project.slug).sort());
  });

  it.each(SEED_PROJECTS.map((project) => [project.slug, project] as const))('%s', (slug, project) => {
    const [minCover, maxCover] = COVER_BOUNDS[slug];
    for (const date of dates) {
      const report = latestMrvReport(project.latitude, project.longitude, project.ecosystem, date);
      const where = `${slug} on ${date.toISOString().slice(0, 10)}`;
      expect(report.forestCoverPercent, where).toBeGreaterThanOrEqual(minCover);
      expect(report.forestCoverPercent, where).toBeLessThanOrEqual(maxCover);
      expect(report.totalCarbonTonnes, where).toBeGreaterThan(0);
      expect(report.totalCarbonTonnes / report.areaHa, where).toBeLessThanOrEqual(MAX_CO2_PER_HA);
      expect(Math.abs(report.annualChangeTonnes), where).toBeLessThanOrEqual(MAX_ANNUAL_CHANGE_SHARE * report.totalCarbonTonnes);
    }
  });
});
