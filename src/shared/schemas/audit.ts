import { z } from 'zod';
import { MAX_ID, plainTextQuery } from './common';
import { periodQueries } from './period-query';

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;
/** Rows in one CSV download at most. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

// Query text under the house rule (no NUL: PostgreSQL refuses it in text, a 500) and not empty.
const shortText = (field: string) => plainTextQuery(field, 200).refine((text) => text.length > 0, { error: `${field} must not be empty` });

const auditQueries = periodQueries({
  /** The acting person's user id. */
  actor: z.coerce.number({ error: 'actor must be a user id' }).int({ error: 'actor must be a whole number' })
    .positive({ error: 'actor must be positive' }).max(MAX_ID, { error: 'actor is too large' }).optional(),
  /** An action (`order.placed`) or its prefix before the dot (`order`). */
  action: shortText('action').optional(),
  /** A target as `type` or `type:id` (`order:12`). */
  target: shortText('target').optional(),
}, { pageSize: AUDIT_PAGE_SIZE, maxPageSize: AUDIT_MAX_PAGE_SIZE });

export const auditCsvQuery = auditQueries.csv;
export type AuditFilter = z.infer<typeof auditCsvQuery>;

export const auditQuery = auditQueries.page;
export type AuditQuery = z.infer<typeof auditQuery>;

/** One entry of the audit log as the API shows it. */
export const auditEntry = z.object({
  seq: z.number(),
  createdAt: z.string(),
  personId: z.number().nullable(),
  personEmail: z.string().nullable(),
  accountId: z.number().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  apiKeyId: z.number().nullable(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

/** One page of the organisation's audit log, newest first. */
export const auditPage = z.object({
  items: z.array(auditEntry),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  pageCount: z.number(),
});
export type AuditPage = z.infer<typeof auditPage>;

export const AUDIT_BREAK_REASONS = ['hash_mismatch', 'prev_hash_mismatch', 'sequence_gap', 'head_mismatch', 'anchor_mismatch'] as const;

/** The latest head put on chain, and whether the chain still carries it (null: the chain could not be asked). */
export const auditAnchorView = z.object({
  seq: z.number(),
  hash: z.string(),
  chainId: z.number(),
  txHash: z.string(),
  blockNumber: z.number(),
  anchoredAt: z.string(),
  onChain: z.boolean().nullable(),
});
export type AuditAnchorView = z.infer<typeof auditAnchorView>;

/** The chain recomputed from its first entry: the first broken link, if any. */
export const auditVerification = z.object({
  ok: z.boolean(),
  checked: z.number(),
  headSeq: z.number(),
  headHash: z.string(),
  firstBrokenSeq: z.number().optional(),
  reason: z.enum(AUDIT_BREAK_REASONS).optional(),
  /** What broke, in words (anchor mismatches name the transaction). */
  detail: z.string().optional(),
  /** The latest anchor on chain; null before the first (or with the chain off). */
  anchor: auditAnchorView.nullable().optional(),
});
export type AuditVerification = z.infer<typeof auditVerification>;
