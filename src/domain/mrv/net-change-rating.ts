import { EXCELLENT_NET_CHANGE_HA, GOOD_NET_CHANGE_HA, MODERATE_NET_CHANGE_HA } from './mrv-constants';

export type NetChangeRating = 'EXCELLENT' | 'GOOD' | 'MODERATE' | 'POOR';

/**
 * Rating of the net forest change in hectares (reforestation − deforestation): EXCELLENT above 100,
 * GOOD above 50, MODERATE above 0, else POOR. Strict: exactly 100 is GOOD, 50 is MODERATE, 0 is POOR.
 */
export function netChangeRating(netChangeHa: number): NetChangeRating {
  if (netChangeHa > EXCELLENT_NET_CHANGE_HA) return 'EXCELLENT';
  if (netChangeHa > GOOD_NET_CHANGE_HA) return 'GOOD';
  if (netChangeHa > MODERATE_NET_CHANGE_HA) return 'MODERATE';
  return 'POOR';
}
