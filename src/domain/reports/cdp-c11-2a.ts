import type { CsvCell } from '@/domain/exports/to-csv';
import type { ReportRetirement } from './report-retirement';

/** CDP climate questionnaire C11.2a (project-based carbon credits), one row per retirement certificate. */
export const CDP_C11_2A_COLUMNS = [
  'credit_origination_or_purchase', 'project_type', 'type_of_mitigation_activity', 'project_identification', 'verified_to_which_standard',
  'vintage', 'credits_cancelled', 'volume_of_credits_tco2e', 'purpose', 'ccp_label', 'corresponding_adjustment', 'corsia_eligibility',
  'retirement_date', 'certificate_id', 'serial_range', 'beneficiary', 'claim_period_start', 'claim_period_end', 'claim_jurisdiction',
] as const;

const MITIGATION = { removal: 'Carbon removal', reduction: 'Emissions reduction' } as const;
const PURPOSE = {
  voluntary: 'Voluntary offsetting',
  corsia: 'Compliance with CORSIA',
  article6_ndc: 'Article 6 / NDC',
  other_compliance: 'Other compliance',
} as Record<string, string>;

/** The rows of the CDP C11.2a file; every retired credit is cancelled, and the platform's credits are purchased. */
export function cdpC112aRows(retirements: readonly ReportRetirement[]): CsvCell[][] {
  return retirements.map((row) => [
    'Credit purchase',
    row.projectTypeLabel,
    MITIGATION[row.category],
    `${row.projectName} (${row.serialPrefix})`,
    row.standardLabel,
    row.vintageYear,
    'Yes',
    row.quantityTonnes,
    row.purpose ? PURPOSE[row.purpose] ?? row.purpose : 'Not stated',
    row.ccpLabel,
    row.correspondingAdjustment,
    row.corsia,
    row.retiredAt,
    row.certificateId,
    row.serialRange,
    row.beneficiary,
    row.periodStart,
    row.periodEnd,
    row.jurisdiction,
  ]);
}
