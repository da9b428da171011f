import { z } from 'zod';

/** GET /api/chain/audit: anchoring progress and every ledger↔chain disagreement found by the last full sweep. */
export const chainAuditResponse = z.object({
  /** anchored: every holding has its token and every certificate its transaction, and the sweep found nothing. */
  status: z.enum(['anchored', 'pending', 'attention']),
  checkedAt: z.string(),
  holdings: z.object({
    anchored: z.number(),
    pending: z.number(),
    failed: z.number(),
    oldestPendingAgeSeconds: z.number().nullable(),
  }),
  certificates: z.object({ withTx: z.number(), withoutTx: z.number(), failed: z.number() }),
  sweep: z.object({
    state: z.enum(['never', 'running', 'done', 'failed']),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    checkedHoldings: z.number(),
    error: z.string().nullable(),
  }),
  mismatches: z.array(z.object({
    kind: z.enum(['missing-token', 'tonnes', 'retired', 'lineage', 'owner', 'record', 'certificate-tx', 'token', 'serials']),
    holdingId: z.number(),
    tokenId: z.number().nullable(),
    expected: z.string(),
    actual: z.string(),
  })),
});
export type ChainAuditResponse = z.infer<typeof chainAuditResponse>;

/** The audit takes no input: any query parameter is refused. */
export const noQuery = z.object({}).strict();
