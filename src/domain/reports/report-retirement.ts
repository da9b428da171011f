/** One retirement as the reports read it: the certificate's content with its frozen labels and claim, as codes and labels. */
export interface ReportRetirement {
  certificateId: string;
  /** ISO 8601 UTC. */
  retiredAt: string;
  beneficiary: string;
  projectName: string;
  /** Registry project id as printed in serials, e.g. `VCS-1094-2021`. */
  serialPrefix: string;
  projectTypeLabel: string;
  standardLabel: string;
  vintageYear: number;
  quantityTonnes: number;
  serialRange: string;
  chainTxHash: string | null;
  /** Claim purpose code, null when none was stated. */
  purpose: string | null;
  purposeLabel: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  jurisdiction: string | null;
  category: 'removal' | 'reduction';
  ccpLabel: string;
  correspondingAdjustment: string;
  corsia: string;
}

/** An inclusive range of UTC calendar days, `YYYY-MM-DD`. */
export interface ReportPeriod {
  from: string;
  to: string;
}

/** `part` as a percentage of `whole` with one decimal, rounded half up, in integer arithmetic ("0.0" when whole is 0). */
export function percentText(part: number, whole: number): string {
  if (whole === 0) return '0.0';
  const perMille = Math.floor((part * 2000 + whole) / (2 * whole));
  return `${Math.floor(perMille / 10)}.${perMille % 10}`;
}
