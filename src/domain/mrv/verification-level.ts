import {
  EXCELLENT_CONFIDENCE_THRESHOLD,
  HIGH_VERIFICATION_MAX_UNCERTAINTY_PERCENT,
  LOW_VERIFICATION_MIN_UNCERTAINTY_PERCENT,
} from './mrv-constants';

export type VerificationLevel = 'high' | 'medium' | 'low';
export type ComplianceStatus = 'VERIFIED' | 'CONDITIONAL' | 'PENDING';

/**
 * Verification level of an estimate: high when uncertainty < 20 % and confidence > 0.9; low when
 * uncertainty > 25 %; medium otherwise. Strict comparisons: exactly 20 % is medium, exactly 25 % is medium.
 */
export function verificationLevel(uncertaintyPercent: number, confidence: number): VerificationLevel {
  if (uncertaintyPercent < HIGH_VERIFICATION_MAX_UNCERTAINTY_PERCENT && confidence > EXCELLENT_CONFIDENCE_THRESHOLD) {
    return 'high';
  }
  if (uncertaintyPercent > LOW_VERIFICATION_MIN_UNCERTAINTY_PERCENT) return 'low';
  return 'medium';
}

/** Compliance text of the verification report: high → VERIFIED, medium → CONDITIONAL, anything else → PENDING. */
export function complianceStatus(level: VerificationLevel): ComplianceStatus {
  if (level === 'high') return 'VERIFIED';
  if (level === 'medium') return 'CONDITIONAL';
  return 'PENDING';
}
