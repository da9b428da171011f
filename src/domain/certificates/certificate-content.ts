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
  /** The canonical form the digest uses; certificates issued before claims and labels existed are version 1. */
  version?: CertificateContentVersion;
  /** Version 2: what the retirement is claimed for; null when none was stated. */
  claim?: ClaimContent | null;
  /** Version 2: the unit's integrity labels as they stood at retirement. */
  integrity?: IntegrityContent | null;
}

/** The retirement claim as codes: purpose, reporting period (YYYY-MM-DD, inclusive), ISO 3166 jurisdiction. */
export interface ClaimContent {
  purpose: string;
  periodStart: string;
  periodEnd: string;
  country: string;
  subdivision: string | null;
}

/** The integrity labels of the retired unit, as codes. */
export interface IntegrityContent {
  ccpLabel: string;
  corsia: string;
  article6: string;
  correspondingAdjustment: string;
  category: string;
  bufferPoolPercent: number | null;
  rating: string | null;
  ratingOnWatch: boolean;
  demoData: boolean;
}

export type CertificateContentVersion = 1 | 2;

/** Bumped whenever the canonical form changes, so old digests stay explainable; new certificates use this one. */
export const CERTIFICATE_CONTENT_VERSION: CertificateContentVersion = 2;
export const CERTIFICATE_DIGEST_ALGORITHM = 'SHA-256';

/**
 * The canonical form that is hashed: a single-line JSON object of the version-1 fields of
 * `CertificateContent` plus `version` and, from version 2, the claim and integrity fields flattened as
 * `claim…` and `integrity…` keys (null when absent), keys sorted by UTF-16 code unit, no whitespace, strings escaped
 * by JSON.stringify and numbers as integers. Anyone can rebuild it from the public certificate JSON
 * and compare SHA-256(UTF-8 bytes) with the published digest.
 */
export function canonicalCertificateContent(content: CertificateContent): string {
  const version = content.version ?? 1;
  const record: Record<string, string | number | boolean | null> = {
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
    version,
    vintageYear: content.vintageYear,
    ...(version === 2 ? versionTwoFields(content) : {}),
  };
  for (const key of ['quantityTonnes', 'serialStart', 'serialEnd', 'vintageYear'] as const) {
    if (!Number.isSafeInteger(record[key])) throw new RangeError(`certificate ${key} must be an integer`);
  }
  return canonicalJson(record);
}

function versionTwoFields({ claim = null, integrity = null }: CertificateContent): Record<string, string | number | boolean | null> {
  if (integrity?.bufferPoolPercent != null && !Number.isSafeInteger(integrity.bufferPoolPercent)) throw new RangeError('certificate bufferPoolPercent must be an integer');
  return {
    claimPurpose: claim?.purpose ?? null,
    claimPeriodStart: claim?.periodStart ?? null,
    claimPeriodEnd: claim?.periodEnd ?? null,
    claimCountry: claim?.country ?? null,
    claimSubdivision: claim?.subdivision ?? null,
    integrityCcpLabel: integrity?.ccpLabel ?? null,
    integrityCorsia: integrity?.corsia ?? null,
    integrityArticle6: integrity?.article6 ?? null,
    integrityCorrespondingAdjustment: integrity?.correspondingAdjustment ?? null,
    integrityCategory: integrity?.category ?? null,
    integrityBufferPoolPercent: integrity?.bufferPoolPercent ?? null,
    integrityRating: integrity?.rating ?? null,
    integrityRatingOnWatch: integrity?.ratingOnWatch ?? null,
    integrityDemoData: integrity?.demoData ?? null,
  };
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
