import { z } from 'zod';
import { MAX_QUANTITY_TONNES, MAX_REASON_LENGTH } from '@/shared/constants';
import { plainTextQuery, withoutControlCharacters } from './common';
import { HOLDING_STATUSES } from './credit';
import { integrityAttributes } from './integrity';
import { retirementClaim, retirementClaimJson } from './retirement-claim';

export const MAX_BENEFICIARY_LENGTH = 200;

/** The retirement reason: trimmed, required, at most MAX_REASON_LENGTH characters. */
export const retirementReason = z
  .string({ error: 'Please provide a retirement reason' })
  .trim()
  .min(1, { error: 'Please provide a retirement reason' })
  .max(MAX_REASON_LENGTH, { error: `The retirement reason must be at most ${MAX_REASON_LENGTH} characters` })
  .superRefine(withoutControlCharacters('The retirement reason', { multiLine: true }));

export const beneficiaryName = z
  .string({ error: 'beneficiary must be text' })
  .trim()
  .max(MAX_BENEFICIARY_LENGTH, { error: `The beneficiary must be at most ${MAX_BENEFICIARY_LENGTH} characters` })
  .superRefine(withoutControlCharacters('The beneficiary'));

/** `quantity` defaults to the whole holding; a smaller one retires the lowest serials and splits the holding. */
export const retireBody = z.strictObject({
  reason: retirementReason,
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int({ error: 'quantity must be a whole number of tonnes' })
    .min(1, { error: 'quantity must be at least 1' })
    .max(MAX_QUANTITY_TONNES, { error: `quantity must be at most ${MAX_QUANTITY_TONNES}` })
    .optional(),
  beneficiary: beneficiaryName.optional(),
  /** What the retirement is claimed for; stored on the certificate and covered by its digest. */
  claim: retirementClaim.optional(),
});
export type RetireBody = z.infer<typeof retireBody>;

export const retireResponse = z.object({
  certificateId: z.string(),
  /** The retired holding: the original one, or the new row split off it. */
  creditId: z.number(),
  quantity: z.number(),
});
export type RetireResponse = z.infer<typeof retireResponse>;

/** The public certificate (GET /api/certificates/{id}). */
export const certificate = z.object({
  certificateId: z.string(),
  beneficiary: z.string(),
  /**
   * The organisation that retired, by its legal name when set, as named at retirement; null for a person's
   * organisation of one (the certificate then names only the beneficiary). Not part of the digested content.
   */
  retiredByOrganisation: z.string().nullable(),
  projectId: z.number(),
  projectName: z.string(),
  standard: z.string(),
  standardLabel: z.string(),
  projectType: z.string(),
  projectTypeLabel: z.string(),
  country: z.string(),
  vintageYear: z.number(),
  /** Tonnes CO2e. */
  quantity: z.number(),
  serialRange: z.string(),
  serialStart: z.number(),
  serialEnd: z.number(),
  reason: z.string(),
  retirementDate: z.string(),
  chainTxHash: z.string().nullable(),
  digest: z.string(),
  digestAlgorithm: z.literal('SHA-256'),
  /** The ledger still holds these tonnes as retired under this certificate, with the same content. */
  verified: z.boolean(),
  certificateUrl: z.string(),
  /** Canonical-content version of the digest: 1 for certificates issued before claims and labels, else 2. */
  contentVersion: z.union([z.literal(1), z.literal(2)]),
  claim: retirementClaimJson.nullable(),
  /** The unit's integrity labels frozen at retirement; null on version-1 certificates. */
  integrity: integrityAttributes.nullable(),
});
export type Certificate = z.infer<typeof certificate>;

export const provenanceEvent = z.object({
  event: z.enum(['issued', 'bought', 'traded', 'retired']),
  date: z.string(),
  quantity: z.number(),
  detail: z.string(),
});
export type ProvenanceEventJson = z.infer<typeof provenanceEvent>;

export const verifyQuery = z.object({
  query: z.string({ error: 'Enter a certificate ID or a serial number' }).trim().min(1, { error: 'Enter a certificate ID or a serial number' })
    .max(200, { error: 'query must be at most 200 characters' }).superRefine(withoutControlCharacters('query')),
  /** The digest printed on a certificate document, to check that document against the registry. */
  digest: plainTextQuery('digest', 200).optional(),
});

export const VERIFY_STATUSES = [...HOLDING_STATUSES, 'unsold'] as const;

export const verifyResponse = z.object({
  query: z.string(),
  found: z.boolean(),
  kind: z.enum(['certificate', 'serial']).nullable(),
  message: z.string(),
  /** The formatted serial number looked up, when the query was one. */
  serial: z.string().nullable(),
  status: z.enum(VERIFY_STATUSES).nullable(),
  projectName: z.string().nullable(),
  certificate: certificate.nullable(),
  retiredBy: z.string().nullable(),
  reason: z.string().nullable(),
  retiredAt: z.string().nullable(),
  provenance: z.array(provenanceEvent),
  /** Null when nothing retired was found; false when the ledger or the presented digest disagrees. */
  digestValid: z.boolean().nullable(),
  /** Whether a presented digest was compared (true) or only the registry's own content (false). */
  digestPresented: z.boolean(),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;
