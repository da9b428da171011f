import { carbonChange, carbonStock } from './carbon-stock';
import { estimateUncertainty } from './estimate-uncertainty';
import { METHODOLOGY } from './mrv-constants';
import { roundTo } from './round-to';
import { verificationLevel, type VerificationLevel } from './verification-level';
import type { SatelliteData } from './satellite-data';

/** Decimals of the tonnes of CO2 shown and stored for an estimate. */
export const CARBON_TONNES_DECIMALS = 2;

/** SPEC.md section 3 carbon estimate. Tonnes of CO2, rounded once to 2 decimals. */
export interface CarbonEstimate {
  /** CO2 stored in the area's biomass, tonnes. */
  readonly totalCarbon: number;
  /** Annual CO2 change from net reforestation, tonnes (negative for a net loss). */
  readonly carbonChange: number;
  readonly methodology: string;
  /** Percent: 15, 20 or 25. */
  readonly uncertainty: number;
  readonly verificationLevel: VerificationLevel;
}

/**
 * Estimates the carbon of one observation: stock from biomass, change from reforestation minus deforestation,
 * uncertainty from confidence and cloud cover, and the verification level that follows. Tonnes are rounded
 * half away from zero to 2 decimals, once, here; the formulas themselves stay unrounded.
 */
export function estimateCarbon(data: SatelliteData): CarbonEstimate {
  const uncertainty = estimateUncertainty(data.confidence, data.cloudCover);
  const { reforestation, deforestation } = data.changeDetection;
  return {
    totalCarbon: roundTo(carbonStock(data.biomass), CARBON_TONNES_DECIMALS),
    carbonChange: roundTo(carbonChange(reforestation, deforestation), CARBON_TONNES_DECIMALS),
    methodology: METHODOLOGY,
    uncertainty,
    verificationLevel: verificationLevel(uncertainty, data.confidence),
  };
}
