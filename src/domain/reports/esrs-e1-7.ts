import type { CsvCell } from '@/domain/exports/to-csv';
import { pluralize, tonnesCo2e } from '@/domain/format/units';
import { percentText, type ReportPeriod, type ReportRetirement } from './report-retirement';

/** ESRS E1-7 (GHG removals and mitigation projects financed through carbon credits), for one period. */
export interface EsrsE17Summary {
  period: ReportPeriod;
  certificates: number;
  /** Tonnes CO2e cancelled (retired) in the period. */
  cancelledTonnes: number;
  removalTonnes: number;
  reductionTonnes: number;
  /** Tonnes per standard label, largest first (ties by label). */
  byStandard: Array<{ standard: string; tonnes: number }>;
  correspondingAdjustmentTonnes: number;
  /** Percentages with one decimal, rounded half up. */
  correspondingAdjustmentShare: string;
  ccpLabelledTonnes: number;
  ccpLabelledShare: string;
  removalShare: string;
}

/** Sums the period's retirements; a corresponding adjustment counts once applied, a CCP label once approved. */
export function esrsE17Summary(retirements: readonly ReportRetirement[], period: ReportPeriod): EsrsE17Summary {
  const sum = (keep: (row: ReportRetirement) => boolean) => retirements.filter(keep).reduce((total, row) => total + row.quantityTonnes, 0);
  const cancelledTonnes = sum(() => true);
  const standards = new Map<string, number>();
  for (const row of retirements) standards.set(row.standardLabel, (standards.get(row.standardLabel) ?? 0) + row.quantityTonnes);
  const removalTonnes = sum((row) => row.category === 'removal');
  const correspondingAdjustmentTonnes = sum((row) => row.correspondingAdjustment === 'applied');
  const ccpLabelledTonnes = sum((row) => row.ccpLabel === 'approved');
  return {
    period,
    certificates: retirements.length,
    cancelledTonnes,
    removalTonnes,
    reductionTonnes: cancelledTonnes - removalTonnes,
    byStandard: [...standards].map(([standard, tonnes]) => ({ standard, tonnes })).sort((a, b) => b.tonnes - a.tonnes || a.standard.localeCompare(b.standard)),
    correspondingAdjustmentTonnes,
    correspondingAdjustmentShare: percentText(correspondingAdjustmentTonnes, cancelledTonnes),
    ccpLabelledTonnes,
    ccpLabelledShare: percentText(ccpLabelledTonnes, cancelledTonnes),
    removalShare: percentText(removalTonnes, cancelledTonnes),
  };
}

export const ESRS_E1_7_COLUMNS = ['metric', 'breakdown', 'value', 'unit'] as const;

/** The summary as metric rows: the CSV file and the PDF table show the same rows. */
export function esrsE17Rows(summary: EsrsE17Summary): CsvCell[][] {
  return [
    ['reporting_period', '', `${summary.period.from} to ${summary.period.to}`, 'date range'],
    ['retirement_certificates', '', summary.certificates, 'count'],
    ['credits_cancelled', 'total', summary.cancelledTonnes, 'tCO2e'],
    ['credits_cancelled', 'removals', summary.removalTonnes, 'tCO2e'],
    ['credits_cancelled', 'reductions', summary.reductionTonnes, 'tCO2e'],
    ['removals_share', '', summary.removalShare, '%'],
    ...summary.byStandard.map(({ standard, tonnes }): CsvCell[] => ['credits_cancelled_by_standard', standard, tonnes, 'tCO2e']),
    ['corresponding_adjustment', 'applied', summary.correspondingAdjustmentTonnes, 'tCO2e'],
    ['corresponding_adjustment_share', '', summary.correspondingAdjustmentShare, '%'],
    ['ccp_labelled', 'approved', summary.ccpLabelledTonnes, 'tCO2e'],
    ['ccp_labelled_share', '', summary.ccpLabelledShare, '%'],
  ];
}

/** The PDF's words for the CSV's machine keys (a by-standard row is labelled with its standard). */
const METRIC_LABELS: Record<string, string> = {
  reporting_period: 'Reporting period',
  retirement_certificates: 'Retirement certificates',
  credits_cancelled: 'Credits cancelled (retired)',
  removals_share: 'Share of removals',
  credits_cancelled_by_standard: 'Credits cancelled under',
  corresponding_adjustment: 'With a corresponding adjustment applied',
  corresponding_adjustment_share: 'Share with a corresponding adjustment',
  ccp_labelled: 'With an approved CCP label',
  ccp_labelled_share: 'Share with an approved CCP label',
};
const BREAKDOWN_LABELS: Record<string, string> = { total: '', removals: 'of which removals', reductions: 'of which reductions', applied: '', approved: '' };

/** The same rows as `esrsE17Rows`, in words for people: a label and a value with its unit ("1 certificate", "12 tonnes CO2e"). */
export function esrsE17LabelledRows(summary: EsrsE17Summary): Array<[label: string, value: string]> {
  return esrsE17Rows(summary).map(([metric, breakdown, value, unit]) => {
    const key = String(metric);
    const part = String(breakdown ?? '');
    const label = key === 'credits_cancelled_by_standard' ? `${METRIC_LABELS[key]} ${part}`
      : part && BREAKDOWN_LABELS[part] ? `${METRIC_LABELS[key]}, ${BREAKDOWN_LABELS[part]}` : METRIC_LABELS[key] ?? key;
    const amount = Number(value);
    const text = unit === 'tCO2e' ? tonnesCo2e(amount) : unit === 'count' ? pluralize(amount, 'certificate') : unit === '%' ? `${value}%` : String(value ?? '');
    return [label, text];
  });
}
