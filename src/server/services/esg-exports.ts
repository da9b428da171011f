import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/server/db/client';
import { certificates, holdings, projects } from '@/server/db/schema';
import { toCsv } from '@/domain/exports/to-csv';
import { formatSerial } from '@/domain/serials';
import type { IntegrityAttributes } from '@/shared/integrity';
import type { Certificate } from '@/shared/schemas/certificate';
import type { Transaction } from '@/shared/schemas/transaction';
import type { retirementExportRow } from '@/shared/schemas/esg-export';
import { toCertificateJson } from './certificate-queries';

/** One retirement as exported for ESG / compliance reporting; its schema documents the JSON download. */
export type RetirementExportRow = z.infer<typeof retirementExportRow>;

export async function listRetirementsForExport(db: Database, userId: number, baseUrl: string): Promise<RetirementExportRow[]> {
  const rows = await db
    .select({ certificate: certificates, project: projects, holding: holdings })
    .from(certificates)
    .innerJoin(projects, eq(projects.id, certificates.projectId))
    .leftJoin(holdings, eq(holdings.id, certificates.holdingId))
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.retiredAt), desc(certificates.id));
  return rows.map((record) => {
    const json = toCertificateJson(record, baseUrl);
    const [serialStart, serialEnd] = [json.serialStart, json.serialEnd].map((serial) => formatSerial(record.project.serialPrefix, serial));
    return {
      certificateId: json.certificateId,
      retirementDate: json.retirementDate,
      beneficiary: json.beneficiary,
      reason: json.reason,
      projectName: json.projectName,
      standard: json.standardLabel,
      projectType: json.projectTypeLabel,
      country: json.country,
      vintageYear: json.vintageYear,
      quantityTonnes: json.quantity,
      serialStart,
      serialEnd,
      serialRange: json.serialRange,
      chainTxHash: json.chainTxHash,
      digestSha256: json.digest,
      verified: json.verified,
      certificateUrl: json.certificateUrl,
      integrity: json.integrity,
      claim: json.claim,
      contentVersion: json.contentVersion,
    };
  });
}

const RETIREMENT_COLUMNS = [
  'certificate_id', 'retirement_date', 'beneficiary', 'reason', 'project_name', 'standard', 'project_type', 'country',
  'vintage_year', 'quantity_tco2e', 'serial_start', 'serial_end', 'serial_range', 'chain_tx_hash', 'digest_sha256', 'verified', 'certificate_url',
  'claim_purpose', 'claim_period_start', 'claim_period_end', 'claim_country', 'claim_subdivision',
  'category', 'ccp_label', 'corsia', 'article6', 'corresponding_adjustment', 'buffer_pool_percent', 'rating', 'rating_on_watch', 'labels_demo_data',
  'content_version',
] as const;

export function retirementsCsv(rows: RetirementExportRow[]): string {
  return toCsv(RETIREMENT_COLUMNS, rows.map((row) => [
    row.certificateId, row.retirementDate, row.beneficiary, row.reason, row.projectName, row.standard, row.projectType, row.country,
    row.vintageYear, row.quantityTonnes, row.serialStart, row.serialEnd, row.serialRange, row.chainTxHash, row.digestSha256,
    row.verified ? 'true' : 'false', row.certificateUrl,
    ...claimCells(row.claim), ...integrityCells(row.integrity), row.contentVersion,
  ]));
}

const claimCells = (claim: Certificate['claim']) =>
  claim ? [claim.purpose, claim.periodStart, claim.periodEnd, claim.country, claim.subdivision] : [null, null, null, null, null];

/** Codes, not labels: the columns are for spreadsheets and docs/esg-export.md lists each code. */
export function integrityCells(integrity: IntegrityAttributes | null) {
  if (!integrity) return [null, null, null, null, null, null, null, null, null];
  return [
    integrity.category, integrity.ccpLabel, integrity.corsia, integrity.article6, integrity.correspondingAdjustment,
    integrity.bufferPoolPercent, integrity.rating, String(integrity.ratingOnWatch), String(integrity.demoData),
  ];
}

const TRANSACTION_COLUMNS = ['transaction_id', 'date', 'type', 'project_id', 'project_name', 'quantity_tco2e', 'total_usd', 'fee_usd', 'certificate_id'] as const;

export function transactionsCsv(rows: Transaction[]): string {
  return toCsv(TRANSACTION_COLUMNS, rows.map((row) => [
    row.id, row.createdAt, row.type, row.projectId, row.projectName, row.quantity, row.totalAmount, row.feeAmount, row.certificateId,
  ]));
}
