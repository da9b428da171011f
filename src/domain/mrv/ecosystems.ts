import { SIMULATED_RANGES, type SimulatedRange } from './mrv-constants';

/**
 * The land a project sits on, which decides what a satellite could plausibly see there. The Satellite demo of
 * SPEC.md §9 draws from one set of ranges for any coordinates (60–95 % forest, 2–5 t/ha); a project page's report
 * draws from its ecosystem's instead, so a desert solar park is not shown under 89 % forest cover and a year's change
 * stays a small part of the stock.
 */
export const ECOSYSTEMS = [
  'tropical_rainforest', 'mangrove', 'peat_swamp_forest', 'tropical_montane_mosaic', 'temperate_new_woodland', 'temperate_mosaic',
  'agroforestry', 'highland_farmland', 'cropland', 'dryland', 'desert',
] as const;
export type Ecosystem = (typeof ECOSYSTEMS)[number];

export type SimulatedRanges = { readonly [K in keyof typeof SIMULATED_RANGES]: SimulatedRange };

interface EcosystemFigures {
  /** Share of the project area under tree canopy, percent. */
  forestCoverPercent: [number, number];
  /** Dry biomass per hectare of the project area, tonnes (above and below ground). */
  biomassPerHa: [number, number];
  /** Hectares newly under canopy, and lost, in a year. */
  reforestationHa: [number, number];
  deforestationHa: [number, number];
  degradationHa: [number, number];
}

// Published orders of magnitude (IPCC 2019 refinement, Table 4.7; Global Forest Watch): a primary rainforest holds
// 250–400 t of biomass per hectare, a new temperate planting a few tens, farmland and dryland a few, a desert almost
// none. The yearly hectares stay small enough that (gain − loss) × 150 t/ha is at most a few percent of the stock.
const FIGURES: Record<Ecosystem, EcosystemFigures> = {
  tropical_rainforest: { forestCoverPercent: [80, 95], biomassPerHa: [250, 400], reforestationHa: [20, 120], deforestationHa: [0, 30], degradationHa: [0, 40] },
  mangrove: { forestCoverPercent: [55, 80], biomassPerHa: [120, 250], reforestationHa: [15, 70], deforestationHa: [0, 10], degradationHa: [0, 10] },
  peat_swamp_forest: { forestCoverPercent: [55, 80], biomassPerHa: [150, 280], reforestationHa: [20, 90], deforestationHa: [0, 20], degradationHa: [0, 25] },
  tropical_montane_mosaic: { forestCoverPercent: [45, 70], biomassPerHa: [120, 220], reforestationHa: [0, 60], deforestationHa: [0, 20], degradationHa: [0, 15] },
  temperate_new_woodland: { forestCoverPercent: [12, 35], biomassPerHa: [20, 60], reforestationHa: [3, 12], deforestationHa: [0, 1], degradationHa: [0, 1] },
  temperate_mosaic: { forestCoverPercent: [20, 45], biomassPerHa: [40, 100], reforestationHa: [0, 20], deforestationHa: [0, 5], degradationHa: [0, 5] },
  agroforestry: { forestCoverPercent: [30, 55], biomassPerHa: [40, 90], reforestationHa: [5, 25], deforestationHa: [0, 5], degradationHa: [0, 5] },
  highland_farmland: { forestCoverPercent: [10, 25], biomassPerHa: [20, 50], reforestationHa: [0, 10], deforestationHa: [0, 3], degradationHa: [0, 3] },
  cropland: { forestCoverPercent: [2, 10], biomassPerHa: [5, 15], reforestationHa: [0, 3], deforestationHa: [0, 1], degradationHa: [0, 1] },
  dryland: { forestCoverPercent: [1, 6], biomassPerHa: [3, 10], reforestationHa: [0, 1.5], deforestationHa: [0, 0.5], degradationHa: [0, 0.5] },
  desert: { forestCoverPercent: [0, 1], biomassPerHa: [0.2, 1], reforestationHa: [0, 0.1], deforestationHa: [0, 0.1], degradationHa: [0, 0.1] },
};

const range = ([min, max]: [number, number], decimals: number): SimulatedRange => ({ min, max, decimals });

/** The simulated ranges for a project in this ecosystem: SPEC.md §9's, with the land-dependent ones replaced. */
export function ecosystemRanges(ecosystem: Ecosystem): SimulatedRanges {
  const figures = FIGURES[ecosystem];
  return {
    ...SIMULATED_RANGES,
    forestCoverPercent: range(figures.forestCoverPercent, 1),
    biomassPerHa: range(figures.biomassPerHa, 0),
    reforestationHa: range(figures.reforestationHa, 1),
    deforestationHa: range(figures.deforestationHa, 1),
    degradationHa: range(figures.degradationHa, 1),
  };
}
