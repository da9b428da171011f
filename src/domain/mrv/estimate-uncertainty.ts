import {
  CLEAR_SKY_CLOUD_COVER_THRESHOLD,
  DEFAULT_UNCERTAINTY_PERCENT,
  EXCELLENT_CONFIDENCE_THRESHOLD,
  EXCELLENT_CONFIDENCE_UNCERTAINTY_PERCENT,
  GOOD_CONFIDENCE_THRESHOLD,
  GOOD_CONFIDENCE_UNCERTAINTY_PERCENT,
} from './mrv-constants';

/**
 * Uncertainty of a carbon estimate in percent, from the imagery's confidence (0–1) and cloud cover (0–1):
 * 15 when confidence > 0.9 and cloud cover < 0.1, else 20 when confidence > 0.8, else 25.
 * Every comparison is strict, so confidence exactly 0.8 stays at 25 and cloud cover exactly 0.1 cannot earn 15.
 */
export function estimateUncertainty(confidence: number, cloudCover: number): number {
  if (confidence > EXCELLENT_CONFIDENCE_THRESHOLD && cloudCover < CLEAR_SKY_CLOUD_COVER_THRESHOLD) {
    return EXCELLENT_CONFIDENCE_UNCERTAINTY_PERCENT;
  }
  if (confidence > GOOD_CONFIDENCE_THRESHOLD) return GOOD_CONFIDENCE_UNCERTAINTY_PERCENT;
  return DEFAULT_UNCERTAINTY_PERCENT;
}
