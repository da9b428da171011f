import { z } from 'zod';

/** The embedded chain's process as the web server sees it (null for a remote node). */
export const chainNodeHealth = z.object({
  state: z.enum(['starting', 'up', 'restarting', 'stopped']),
  restarts: z.number(),
  lastExit: z.string().nullable(),
  /** Its own resident memory: the pages of the store files it maps (the OS's cache of them) are not counted. */
  residentBytes: z.number().nullable(),
  divergences: z.number(),
  replay: z.object({
    state: z.enum(['replaying', 'done', 'diverged', 'failed']),
    entries: z.number(),
    replayed: z.number(),
    divergence: z.object({ entryIndex: z.number(), txHash: z.string(), detail: z.string() }).nullable(),
    foreignDivergences: z.number(),
    error: z.string().nullable(),
  }).nullable(),
});

/** GET /api/chain/health: the chain apart from the API's readiness (/readyz). */
export const chainHealthResponse = z.object({
  enabled: z.boolean(),
  mode: z.enum(['embedded', 'remote']).nullable(),
  /** The chain answers reads and anchoring can send. */
  serving: z.boolean(),
  node: chainNodeHealth.nullable(),
  anchoring: z.object({ state: z.string(), lastError: z.string().nullable() }).nullable(),
});

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
  /** The embedded chain's process and replay; a divergence makes the status 'attention'. */
  node: chainNodeHealth.nullable(),
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
