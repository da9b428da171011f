import type { Database } from '@/server/db/client';
import type { CarbonCreditChain } from '@/server/chain/carbon-credit';
import { anchorAuditHeadOnce } from '@/server/anchoring/audit-head-anchoring';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/** Advisory lock key of the audit head's anchoring: one instance of several puts each head on chain. */
export const AUDIT_ANCHOR_LOCK_KEY = 7243004;

/** Anchors the audit head every `intervalMs` (AUDIT_ANCHOR_INTERVAL_MS) while it moves; one instance at a time. */
export function startAuditHeadAnchoring(options: {
  db: Database; chain: Pick<CarbonCreditChain, 'anchorAuditHead' | 'chainId'>; clock: () => Date; databaseUrl: string | undefined; intervalMs: number;
  log: (line: string) => void;
}): PeriodicJob {
  const { db, chain, clock, log } = options;
  return startPeriodicJob({
    key: AUDIT_ANCHOR_LOCK_KEY, job: 'Audit head anchoring', databaseUrl: options.databaseUrl, intervalMs: options.intervalMs, log,
    async tick() {
      const anchor = await anchorAuditHeadOnce(db, chain, clock);
      if (anchor) log(`Anchored the audit log's head (entry ${anchor.seq}) in ${anchor.txHash}`);
    },
  });
}
