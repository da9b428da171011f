/**
 * The immutable content of a retirement certificate: what was retired, by whom, why and when.
 * The chain transaction hash is deliberately not part of it: it is attached after issuance (anchoring),
 * and the anchored transaction itself attests to this content.
 */
export interface CertificateContent {
  certificateId: string;
  beneficiary: string;
  projectName: string;
  /** Standard code (verra, gold_standard, car, cdm), not its label. */
  standard: string;
  projectType: string;
  country: string;
  vintageYear: number;
  quantityTonnes: number;
  serialStart: number;
  serialEnd: number;
  /** The formatted range, e.g. `VCS-1094-2021-000001–000040`: it carries the registry prefix. */
  serialRange: string;
  reason: string;
  /** ISO 8601 UTC with milliseconds, e.g. `2026-11-22T03:50:55.123Z`. */
  retiredAt: string;
}

/** Bumped whenever the canonical form changes, so old digests stay explainable. */
export const CERTIFICATE_CONTENT_VERSION = 1;
export const CERTIFICATE_DIGEST_ALGORITHM = 'SHA-256';

/**
 * The canonical form that is hashed: a single-line JSON object of exactly the fields of
 * `CertificateContent` plus `version`, keys sorted by UTF-16 code unit, no whitespace, strings escaped
 * by JSON.stringify and numbers as integers. Anyone can rebuild it from the public certificate JSON
 * and compare SHA-256(UTF-8 bytes) with the published digest.
 */
export function canonicalCertificateContent(content: CertificateContent): string {
  const record: Record<string, string | number> = {
    beneficiary: content.beneficiary,
    certificateId: content.certificateId,
    country: content.country,
    projectName: content.projectName,
    projectType: content.projectType,
    quantityTonnes: content.quantityTonnes,
    reason: content.reason,
    retiredAt: content.retiredAt,
    serialEnd: content.serialEnd,
    serialRange: content.serialRange,
    serialStart: content.serialStart,
    standard: content.standard,
    version: CERTIFICATE_CONTENT_VERSION,
    vintageYear: content.vintageYear,
  };
  for (const key of ['quantityTonnes', 'serialStart', 'serialEnd', 'vintageYear'] as const) {
    if (!Number.isSafeInteger(record[key])) throw new RangeError(`certificate ${key} must be an integer`);
  }
  return canonicalJson(record);
}

/** JSON of a flat record with its keys in sorted order, so that equal content always gives equal bytes. */
export function canonicalJson(record: Record<string, string | number | boolean | null>): string {
  const keys = Object.keys(record).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${JSON.stringify(record[key])}`).join(',')}}`;
}

/** A SHA-256 digest as lowercase hex (64 characters). */
export function isSha256Hex(text: string): boolean {
  return /^[0-9a-f]{64}$/.test(text);
}
