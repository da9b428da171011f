/** Demo values of SPEC.md sections 2 and 9. */
export const DEMO_MINT_PRICE = '0.025';
export const DEMO_VINTAGE_YEAR = 2024;
export const DEMO_STANDARD_NAME = 'Demo Standard';
export const DEFAULT_DEMO_PROJECT_NAME = 'Demo Reforestation Project';
export const DEFAULT_DEMO_PROJECT_DESCRIPTION = 'Demonstration of blockchain-based carbon credit project';
/** Not given by the SPEC: tonnes minted by the Mint Carbon Credits NFT card. */
export const DEMO_MINT_QUANTITY_TONNES = 100;

/** Satellite MRV demo presets (SPEC.md section 2), decimal degrees. */
export const SATELLITE_PRESETS = [
  { name: 'Amazon Rainforest', latitude: -3.4653, longitude: -62.2159 },
  { name: 'Indonesian Peatlands', latitude: -2.5489, longitude: 118.0149 },
  { name: 'Kenya Savanna', latitude: -1.2864, longitude: 36.8172 },
  { name: 'German Forest', latitude: 51.1657, longitude: 10.4515 },
] as const;
