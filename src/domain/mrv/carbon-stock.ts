import { CARBON_FRACTION, CO2_CONVERSION_FACTOR, REFORESTATION_BIOMASS_PER_HA } from './mrv-constants';

/**
 * Tonnes of CO2 stored in `biomassTonnes` of dry biomass: biomass × 0.47 × 3.67, multiplied in that order.
 * Not rounded (1000 t gives 1724.8999999999999 in binary floating point); callers round once for display.
 */
export function carbonStock(biomassTonnes: number): number {
  return biomassTonnes * CARBON_FRACTION * CO2_CONVERSION_FACTOR;
}

/**
 * Annual change of stored CO2 in tonnes: (reforestation − deforestation) hectares × 150 t biomass/ha × 0.47 × 3.67.
 * Negative when more forest was lost than planted. Not rounded; callers round once for display.
 */
export function carbonChange(reforestationHa: number, deforestationHa: number): number {
  return (reforestationHa - deforestationHa) * REFORESTATION_BIOMASS_PER_HA * CARBON_FRACTION * CO2_CONVERSION_FACTOR;
}
