import { tonnesCo2e } from '@/domain/format/units';
import type { CertificateContent } from './certificate-content';

/** Everything a printable certificate (HTML or PDF) shows: the content plus labels, digest and links. */
export interface CertificateDocument extends CertificateContent {
  /** The organisation that retired, as named at retirement; null for a person's organisation of one. */
  retiredByOrganisation?: string | null;
  standardLabel: string;
  projectTypeLabel: string;
  /** Null until the retirement is anchored on chain. */
  chainTxHash: string | null;
  digest: string;
  /** Absolute URL of the public certificate page; the QR code encodes it. */
  certificateUrl: string;
  /** The claim's purpose as words (`Article 6 / NDC`); null without a claim. */
  claimPurposeLabel?: string | null;
  /** The frozen integrity labels on one line; null on version-1 certificates. */
  integritySummary?: string | null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2026-11-22T03:50:55.123Z` → `22 November 2026, 03:50 UTC`; the same text on every machine. */
export function formatRetirementDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = String(date.getUTCHours()).padStart(2, '0');
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${hours}:${minutes} UTC`;
}

export const PENDING_ANCHORING = 'Pending anchoring';

/** Registries forbid tradable tokens of retired credits; the certificate says what its token is. */
export const TOKEN_RECORD_NOTE = 'A record of this registry retirement, not a tradable credit: the retired token can never be transferred or split';

/**
 * The lead sentence's parts: "… were permanently retired [by <organisation>] on behalf of <beneficiary> on <date>."
 * The organisation part is absent for a person's organisation of one, whose certificates read as they always did.
 */
export function retirementParties(document: CertificateDocument): Array<{ text: string; strong: boolean }> {
  return [
    ...(document.retiredByOrganisation ? [{ text: 'by ', strong: false }, { text: document.retiredByOrganisation, strong: true }, { text: ' ', strong: false }] : []),
    { text: 'on behalf of ', strong: false },
    { text: document.beneficiary, strong: true },
  ];
}

/** The label/value rows shared by the HTML and PDF documents, in reading order. Values are raw text. */
export function certificateRows(document: CertificateDocument): Array<[label: string, value: string]> {
  return [
    ['Certificate ID', document.certificateId],
    ...(document.retiredByOrganisation ? [['Retired by', document.retiredByOrganisation] as [string, string]] : []),
    ['Beneficiary', document.beneficiary],
    ['Project', document.projectName],
    ['Standard', document.standardLabel],
    ['Project type', document.projectTypeLabel],
    ['Country', document.country],
    ['Vintage', String(document.vintageYear)],
    ['Quantity', tonnesCo2e(document.quantityTonnes)],
    ['Serial range', document.serialRange],
    ['Reason', document.reason],
    ...claimRows(document),
    ['Retirement date', formatRetirementDate(document.retiredAt)],
    ['Chain transaction', document.chainTxHash ?? PENDING_ANCHORING],
    ['On-chain token', TOKEN_RECORD_NOTE],
    ['SHA-256 digest', document.digest],
  ];
}

/** Rows of the version-2 content: the claim (purpose, period, jurisdiction) and the labels the unit carried. */
function claimRows(document: CertificateDocument): Array<[label: string, value: string]> {
  const rows: Array<[string, string]> = [];
  if (document.claim) {
    rows.push(['Claim purpose', document.claimPurposeLabel ?? document.claim.purpose]);
    rows.push(['Reporting period', `${document.claim.periodStart} to ${document.claim.periodEnd}`]);
    rows.push(['Jurisdiction', document.claim.subdivision ?? document.claim.country]);
  }
  if (document.integritySummary) rows.push(['Integrity labels', document.integritySummary]);
  return rows;
}
