/** Confidence strictly above this shows the High Quality badge (SPEC.md section 2). */
export const HIGH_QUALITY_CONFIDENCE_THRESHOLD = 0.8;

export type ImageryQuality = 'High Quality' | 'Medium Quality';

/** Badge of the imagery card: High Quality when confidence (0–1) is above 0.8, strictly; else Medium Quality. */
export function imageryQuality(confidence: number): ImageryQuality {
  return confidence > HIGH_QUALITY_CONFIDENCE_THRESHOLD ? 'High Quality' : 'Medium Quality';
}
