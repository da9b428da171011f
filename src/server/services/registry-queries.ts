import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { certificates, projects } from '@/server/db/schema';
import { escapeLike } from '@/server/db/sql-values';
import { normaliseCertificateId } from '@/domain/certificates/certificate-id';
import { toCsv } from '@/domain/exports/to-csv';
import { formatSerialRange, parseSerial } from '@/domain/serials';
import { STANDARD_LABELS, type Standard } from '@/shared/constants';
import { CLAIM_PURPOSE_LABELS } from '@/shared/retirement-claim';
import type { RegistryFilter, RegistryPage, RegistryRetirement } from '@/shared/schemas/registry';
import { certificateClaim, certificateUrl } from './certificate-queries';
import { integrityCells } from './esg-exports';

/**
 * The search condition: a certificate id matches that certificate, a serial number the retirement that holds it;
 * anything else is looked for in beneficiaries, retiring organisations, project names and certificate ids
 * (case-insensitive, contains).
 */
function searchCondition(filter: RegistryFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.projectId) conditions.push(eq(certificates.projectId, filter.projectId));
  const q = filter.q?.trim();
  if (q) {
    const certificateId = normaliseCertificateId(q);
    const serial = certificateId ? null : parseSerial(q);
    if (certificateId) conditions.push(eq(certificates.id, certificateId));
    else if (serial) {
      conditions.push(and(
        sql`upper(${projects.serialPrefix}) = ${serial.prefix}`, lte(certificates.serialStart, serial.serial), gte(certificates.serialEnd, serial.serial),
      )!);
    } else {
      const pattern = `%${escapeLike(q)}%`;
      conditions.push(or(
        ilike(certificates.beneficiary, pattern), ilike(certificates.retiredByOrganisation, pattern), ilike(projects.name, pattern), ilike(certificates.id, pattern),
      )!);
    }
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

type Row = { certificate: typeof certificates.$inferSelect; project: typeof projects.$inferSelect };

function toRegistryRetirement({ certificate, project }: Row, baseUrl: string): RegistryRetirement {
  const claim = certificateClaim(certificate);
  return {
    certificateId: certificate.id,
    retirementDate: certificate.retiredAt.toISOString(),
    beneficiary: certificate.beneficiary,
    retiredByOrganisation: certificate.retiredByOrganisation,
    projectId: project.id,
    projectName: project.name,
    standardLabel: STANDARD_LABELS[project.standard as Standard] ?? project.standard,
    vintageYear: project.vintageYear,
    quantity: certificate.quantity,
    serialRange: formatSerialRange(project.serialPrefix, certificate.serialStart, certificate.serialEnd),
    claim: claim ? { ...claim, purposeLabel: CLAIM_PURPOSE_LABELS[claim.purpose] ?? claim.purpose } : null,
    integrity: certificate.integrity ?? null,
    chainTxHash: certificate.chainTxHash,
    certificateUrl: certificateUrl(baseUrl, certificate.id),
  };
}

function selectRetirements(db: Database, filter: RegistryFilter) {
  return db
    .select({ certificate: certificates, project: projects })
    .from(certificates)
    .innerJoin(projects, eq(projects.id, certificates.projectId))
    .where(searchCondition(filter))
    .orderBy(desc(certificates.retiredAt), desc(certificates.id));
}

/** One page of the public registry, newest retirement first, with the number of matches over all pages. */
export async function registryPage(db: Database, filter: RegistryFilter & { page: number; pageSize: number }, baseUrl: string): Promise<RegistryPage> {
  const rows = await selectRetirements(db, filter).limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize);
  const [{ total }] = await db
    .select({ total: count() })
    .from(certificates)
    .innerJoin(projects, eq(projects.id, certificates.projectId))
    .where(searchCondition(filter));
  return { retirements: rows.map((row) => toRegistryRetirement(row, baseUrl)), page: filter.page, pageSize: filter.pageSize, total };
}

const REGISTRY_COLUMNS = [
  'certificate_id', 'retirement_date', 'beneficiary', 'retired_by_organisation', 'project_id', 'project_name', 'standard', 'vintage_year', 'quantity_tco2e', 'serial_range',
  'claim_purpose', 'claim_period_start', 'claim_period_end', 'claim_country', 'claim_subdivision',
  'category', 'ccp_label', 'corsia', 'article6', 'corresponding_adjustment', 'buffer_pool_percent', 'rating', 'rating_on_watch', 'labels_demo_data',
  'chain_tx_hash', 'certificate_url',
] as const;

/** The matching retirements as CSV (docs/esg-export.md), newest first, at most `maxRows`. */
export async function registryCsv(db: Database, filter: RegistryFilter, baseUrl: string, maxRows: number): Promise<string> {
  const rows = (await selectRetirements(db, filter).limit(maxRows)).map((row) => toRegistryRetirement(row, baseUrl));
  return toCsv(REGISTRY_COLUMNS, rows.map((row) => [
    row.certificateId, row.retirementDate, row.beneficiary, row.retiredByOrganisation, row.projectId, row.projectName, row.standardLabel, row.vintageYear, row.quantity,
    row.serialRange, row.claim?.purpose, row.claim?.periodStart, row.claim?.periodEnd, row.claim?.country, row.claim?.subdivision,
    ...integrityCells(row.integrity), row.chainTxHash, row.certificateUrl,
  ]));
}
