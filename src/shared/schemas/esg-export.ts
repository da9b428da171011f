import { z } from 'zod';
import { certificate } from './certificate';
import { integrityAttributes } from './integrity';
import { transaction } from './transaction';

/** One retirement as exported for ESG / compliance reporting (docs/esg-export.md describes each field). */
export const retirementExportRow = z.object({
  certificateId: z.string(),
  retirementDate: z.string(),
  beneficiary: z.string(),
  reason: z.string(),
  projectName: z.string(),
  standard: z.string(),
  projectType: z.string(),
  country: z.string(),
  vintageYear: z.number(),
  quantityTonnes: z.number(),
  serialStart: z.string(),
  serialEnd: z.string(),
  serialRange: z.string(),
  chainTxHash: z.string().nullable(),
  digestSha256: z.string(),
  verified: z.boolean(),
  certificateUrl: z.string(),
  /** The unit's integrity labels frozen at retirement (null on version-1 certificates) and the stated claim. */
  integrity: integrityAttributes.nullable(),
  claim: certificate.shape.claim,
  contentVersion: z.number(),
});

/** GET /api/exports/retirements.json, a download. */
export const retirementsExport = z.object({
  exportedAt: z.string(),
  unit: z.literal('tCO2e'),
  count: z.number(),
  retirements: z.array(retirementExportRow),
});

/** GET /api/exports/transactions.json, a download. */
export const transactionsExport = z.object({
  exportedAt: z.string(),
  currency: z.literal('USD'),
  count: z.number(),
  transactions: z.array(transaction),
});
