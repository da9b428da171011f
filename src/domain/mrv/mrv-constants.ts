/**
 * Constants of the satellite MRV (monitoring, reporting, verification) estimate, SPEC.md section 9.
 * MRV results are estimates, not ledger values, so they are plain numbers (STYLE.md section 4).
 */

/** Share of dry biomass that is carbon (IPCC default). */
export const CARBON_FRACTION = 0.47;
/** Tonnes of CO2 per tonne of carbon (44/12, as the SPEC rounds it). */
export const CO2_CONVERSION_FACTOR = 3.67;
/** Tonnes of biomass credited per hectare of net reforestation. */
export const REFORESTATION_BIOMASS_PER_HA = 150;

/** Uncertainty in percent: the default, with good confidence, and with excellent confidence and clear sky. */
export const DEFAULT_UNCERTAINTY_PERCENT = 25;
export const GOOD_CONFIDENCE_UNCERTAINTY_PERCENT = 20;
export const EXCELLENT_CONFIDENCE_UNCERTAINTY_PERCENT = 15;
/** Confidence strictly above this earns the 20 % uncertainty. */
export const GOOD_CONFIDENCE_THRESHOLD = 0.8;
/** Confidence strictly above this (with cloud cover strictly below the next) earns 15 %; also needed for "high". */
export const EXCELLENT_CONFIDENCE_THRESHOLD = 0.9;
export const CLEAR_SKY_CLOUD_COVER_THRESHOLD = 0.1;
/** Uncertainty strictly below this (with excellent confidence) makes a verification "high". */
export const HIGH_VERIFICATION_MAX_UNCERTAINTY_PERCENT = 20;
/** Uncertainty strictly above this makes a verification "low". */
export const LOW_VERIFICATION_MIN_UNCERTAINTY_PERCENT = 25;

/** Net change (hectares) thresholds of the rating, each compared with a strict "above". */
export const EXCELLENT_NET_CHANGE_HA = 100;
export const GOOD_NET_CHANGE_HA = 50;
export const MODERATE_NET_CHANGE_HA = 0;

export const METHODOLOGY = 'IPCC Tier 2 + Satellite Remote Sensing';
export const REPORTING_PERIOD_DAYS = 365;
export const HISTORICAL_WINDOW_YEARS = 3;

export const SATELLITE_SOURCES = ['Sentinel-2', 'Landsat 8'] as const;
export type SatelliteSource = (typeof SATELLITE_SOURCES)[number];

/** An inclusive range of a simulated value and the decimals it is rounded to once it is drawn. */
export interface SimulatedRange {
  readonly min: number;
  readonly max: number;
  readonly decimals: number;
}

/**
 * Simulated value ranges of SPEC.md section 9. Bounds are inclusive because a drawn value is rounded, and
 * every bound is exact at its precision, so rounding never leaves the range.
 */
export const SIMULATED_RANGES = {
  areaHa: { min: 1000, max: 6000, decimals: 0 },
  forestCoverPercent: { min: 60, max: 95, decimals: 1 },
  /** Biomass is the area times this factor (tonnes per hectare), rounded to whole tonnes. */
  biomassPerHa: { min: 2, max: 5, decimals: 0 },
  deforestationHa: { min: 0, max: 50, decimals: 1 },
  reforestationHa: { min: 100, max: 300, decimals: 1 },
  degradationHa: { min: 0, max: 30, decimals: 1 },
  cloudCover: { min: 0, max: 0.2, decimals: 3 },
  confidence: { min: 0.8, max: 1, decimals: 3 },
} as const satisfies Record<string, SimulatedRange>;
