// Business constants of SPEC.md section 9, shared by client and server.
export const PLATFORM_FEE_RATE = 0.02;
export const PROCESSING_DELAY_MS = 3000;
export const DASHBOARD_LIST_SIZE = 3;
export const ORDER_BOOK_DEPTH = 10;
export const RECENT_TRADES_LIMIT = 50;
export const PRICE_HISTORY_LIMIT = 100;
export const CHART_CANDLES = 20;
export const PRICE_INTERVALS = ['1h', '1d', '1w'] as const;
export type PriceInterval = (typeof PRICE_INTERVALS)[number];
export const DEFAULT_RETIREMENT_REASON = 'Carbon Neutrality Goal';
export const MAX_QUANTITY_TONNES = 1_000_000_000;
export const MAX_PRICE_CENTS = 100_000_000n; // $1,000,000.00
export const MAX_REASON_LENGTH = 500;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const CHAIN_ID = 80002;
export const CHAIN_ID_HEX = '0x13882';
export const NETWORK_NAME = 'Polygon Amoy Testnet';
export const CURRENCY_SYMBOL = 'MATIC';
export const PRICE_UNIT_DECIMALS = 18;

export const PROJECT_TYPES = ['reforestation', 'renewable_energy', 'solar_energy', 'methane_capture', 'energy_efficiency'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = {
  reforestation: 'Reforestation',
  renewable_energy: 'Renewable Energy',
  solar_energy: 'Solar Energy',
  methane_capture: 'Methane Capture',
  energy_efficiency: 'Energy Efficiency',
};
export const STANDARDS = ['verra', 'gold_standard', 'car', 'cdm'] as const;
export type Standard = (typeof STANDARDS)[number];
export const STANDARD_LABELS: Record<Standard, string> = {
  verra: 'Verra VCS',
  gold_standard: 'Gold Standard',
  car: 'CAR',
  cdm: 'CDM',
};
