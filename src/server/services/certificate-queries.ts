import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { certificates, holdings, projects } from '@/server/db/schema';
import { canonicalCertificateContent, type CertificateContent, type CertificateContentVersion } from '@/domain/certificates/certificate-content';
import type { CertificateDocument } from '@/domain/certificates/certificate-document';
import { formatSerialRange } from '@/domain/serials';
import { PROJECT_TYPE_LABELS, STANDARD_LABELS, type ProjectType, type Standard } from '@/shared/constants';
import type { Certificate } from '@/shared/schemas/certificate';
import { integritySummary, type IntegrityAttributes } from '@/shared/integrity';
import { CLAIM_PURPOSE_LABELS, type ClaimPurpose, type RetirementClaim } from '@/shared/retirement-claim';

type CertificateRow = typeof certificates.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;
type HoldingRow = typeof holdings.$inferSelect;

export interface CertificateRecord {
  certificate: CertificateRow;
  project: ProjectRow;
  holding: HoldingRow | null;
}

/** SHA-256 of the canonical content, as lowercase hex. */
export function certificateDigest(content: CertificateContent): string {
  return createHash('sha256').update(canonicalCertificateContent(content), 'utf8').digest('hex');
}

export async function findCertificateRecord(db: Database, certificateId: string): Promise<CertificateRecord | null> {
  const [row] = await db
    .select({ certificate: certificates, project: projects, holding: holdings })
    .from(certificates)
    .innerJoin(projects, eq(projects.id, certificates.projectId))
    .leftJoin(holdings, eq(holdings.id, certificates.holdingId))
    .where(eq(certificates.id, certificateId));
  return row ?? null;
}

function projectFields(project: ProjectRow) {
  return {
    projectName: project.name,
    standard: project.standard,
    projectType: project.projectType,
    country: project.country,
    vintageYear: project.vintageYear,
  };
}

/** The version-2 part of the content: the stated claim and the labels frozen at retirement. */
function claimAndLabels(certificate: CertificateRow): Pick<CertificateContent, 'version' | 'claim' | 'integrity'> {
  if (certificate.contentVersion === 1) return { version: 1 };
  return { version: certificate.contentVersion as CertificateContentVersion, claim: certificateClaim(certificate), integrity: certificate.integrity ?? null };
}

export function certificateClaim(certificate: CertificateRow): RetirementClaim | null {
  const { claimPurpose, claimPeriodStart, claimPeriodEnd, claimCountry, claimSubdivision } = certificate;
  if (!claimPurpose || !claimPeriodStart || !claimPeriodEnd || !claimCountry) return null;
  return { purpose: claimPurpose as ClaimPurpose, periodStart: claimPeriodStart, periodEnd: claimPeriodEnd, country: claimCountry, subdivision: claimSubdivision };
}

/** The content as the certificate row states it. */
export function certificateContent({ certificate, project }: CertificateRecord): CertificateContent {
  return {
    ...claimAndLabels(certificate),
    certificateId: certificate.id,
    beneficiary: certificate.beneficiary,
    ...projectFields(project),
    quantityTonnes: certificate.quantity,
    serialStart: certificate.serialStart,
    serialEnd: certificate.serialEnd,
    serialRange: formatSerialRange(project.serialPrefix, certificate.serialStart, certificate.serialEnd),
    reason: certificate.reason,
    retiredAt: certificate.retiredAt.toISOString(),
  };
}

/** The same content rebuilt from the ledger's holding row; null when the holding no longer shows a retirement. */
function ledgerContent({ certificate, project, holding }: CertificateRecord): CertificateContent | null {
  if (!holding || holding.status !== 'retired' || holding.certificateId !== certificate.id || !holding.retiredAt) return null;
  return {
    ...claimAndLabels(certificate),
    certificateId: certificate.id,
    beneficiary: certificate.beneficiary,
    ...projectFields(project),
    quantityTonnes: holding.quantity,
    serialStart: holding.serialStart,
    serialEnd: holding.serialEnd,
    serialRange: formatSerialRange(project.serialPrefix, holding.serialStart, holding.serialEnd),
    reason: holding.retiredReason ?? '',
    retiredAt: holding.retiredAt.toISOString(),
  };
}

/**
 * The public certificate. `digest` is recomputed from the certificate row at every request and
 * `verified` says whether the ledger (the retired holding) still yields the very same digest, so an
 * edit of the certificate's quantity, serials, reason or date, or a holding that left "retired", shows.
 */
export function toCertificateJson(record: CertificateRecord, baseUrl: string): Certificate {
  const content = certificateContent(record);
  const digest = certificateDigest(content);
  const ledger = ledgerContent(record);
  return {
    certificateId: content.certificateId,
    beneficiary: content.beneficiary,
    retiredByOrganisation: record.certificate.retiredByOrganisation,
    projectId: record.project.id,
    projectName: content.projectName,
    standard: content.standard,
    standardLabel: STANDARD_LABELS[content.standard as Standard] ?? content.standard,
    projectType: content.projectType,
    projectTypeLabel: PROJECT_TYPE_LABELS[content.projectType as ProjectType] ?? content.projectType,
    country: content.country,
    vintageYear: content.vintageYear,
    quantity: content.quantityTonnes,
    serialRange: content.serialRange,
    serialStart: content.serialStart,
    serialEnd: content.serialEnd,
    reason: content.reason,
    retirementDate: content.retiredAt,
    chainTxHash: record.certificate.chainTxHash,
    digest,
    digestAlgorithm: 'SHA-256',
    verified: ledger !== null && certificateDigest(ledger) === digest,
    certificateUrl: certificateUrl(baseUrl, content.certificateId),
    contentVersion: content.version ?? 1,
    claim: content.claim ? { ...content.claim, purpose: content.claim.purpose as ClaimPurpose, purposeLabel: CLAIM_PURPOSE_LABELS[content.claim.purpose as ClaimPurpose] ?? content.claim.purpose } : null,
    integrity: (content.integrity as IntegrityAttributes | null | undefined) ?? null,
  };
}

export function certificateUrl(baseUrl: string, certificateId: string): string {
  return `${baseUrl.replace(/\/$/, '')}/certificates/${encodeURIComponent(certificateId)}`;
}

/** The printable document's input, from the public JSON. */
export function toCertificateDocument(json: Certificate): CertificateDocument {
  return {
    certificateId: json.certificateId,
    beneficiary: json.beneficiary,
    retiredByOrganisation: json.retiredByOrganisation,
    projectName: json.projectName,
    standard: json.standard,
    projectType: json.projectType,
    country: json.country,
    vintageYear: json.vintageYear,
    quantityTonnes: json.quantity,
    serialStart: json.serialStart,
    serialEnd: json.serialEnd,
    serialRange: json.serialRange,
    reason: json.reason,
    retiredAt: json.retirementDate,
    standardLabel: json.standardLabel,
    projectTypeLabel: json.projectTypeLabel,
    chainTxHash: json.chainTxHash,
    digest: json.digest,
    certificateUrl: json.certificateUrl,
    version: json.contentVersion,
    claim: json.claim,
    integrity: json.integrity,
    claimPurposeLabel: json.claim?.purposeLabel ?? null,
    integritySummary: json.integrity ? integritySummary(json.integrity) : null,
  };
}
