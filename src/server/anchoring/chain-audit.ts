import type { Database } from '@/server/db/client';
import { countAnchoring, findLedgerConflicts, loadAnchoredHoldings, type AnchoredHolding, type AnchoringCounts } from './audit-queries';
import { readRetirementReceipt, readTokenState, type RetirementReceipt } from './audit-token-reads';
import type { CarbonCreditChain } from '@/server/chain/carbon-credit';
import { compareHoldingWithToken, type ChainMismatch } from './compare-holding-token';
import { limitConcurrency } from '@/server/chain/limit-concurrency';
import { withTimeout } from '@/server/chain/with-timeout';

export type AuditStatus = 'anchored' | 'pending' | 'attention';

export interface ChainAuditReport {
  status: AuditStatus;
  checkedAt: Date;
  holdings: { anchored: number; pending: number; failed: number; oldestPendingAgeSeconds: number | null };
  certificates: { withTx: number; withoutTx: number; failed: number };
  sweep: { state: 'never' | 'running' | 'done' | 'failed'; startedAt: Date | null; finishedAt: Date | null; checkedHoldings: number; error: string | null };
  mismatches: ChainMismatch[];
}

export interface ChainAudit {
  /** The latest report: cached for `cacheMs`, never waiting longer than `timeoutMs` (then the previous report). */
  report(timeoutMs: number): Promise<ChainAuditReport>;
  /** Starts a full sweep (after the running one, if any: that one may have read rows older than the request); resolves when it ends. */
  sweep(): Promise<void>;
  /** Ends a running sweep early (shutdown) and waits for it. */
  stop(): Promise<void>;
}

export interface ChainAuditOptions {
  db: Database;
  chain: CarbonCreditChain;
  clock: () => Date;
  log?: (line: string) => void;
  cacheMs?: number;
}

const PAGE_SIZE = 200;
/**
 * Tokens read at once (three calls each). A chain node answers one call at a time, in order: a page read all at once
 * queued 600 calls ahead of the anchoring leader's next transaction, and an instance starting its sweep stalled every
 * instance's anchoring for minutes (the cluster test, under load: a call then took the node about 200 ms). Two in
 * flight keep the node busy all the same, and the leader's calls wait behind six at most.
 */
const TOKENS_IN_FLIGHT = 2;
/** More would make the answer heavy without telling an operator more: the count says how many were left out. */
const MAX_REPORTED = 200;

/**
 * The ledger↔chain audit. Counts come from the database on demand (cached a few seconds); the comparison of every
 * anchored holding with its token (see compareHoldingWithToken) runs as a full sweep, at start-up and on demand, a
 * page of holdings at a time. A disagreement is read again before it is reported, so a split or retirement that
 * landed between the two reads is not mistaken for one.
 */
export function createChainAudit(options: ChainAuditOptions): ChainAudit {
  const { db, chain, clock } = options;
  const cacheMs = options.cacheMs ?? 3000;
  let cached: { report: ChainAuditReport; atMs: number } | null = null;
  let refreshing: Promise<ChainAuditReport> | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let sweepState: ChainAuditReport['sweep'] = { state: 'never', startedAt: null, finishedAt: null, checkedHoldings: 0, error: null };
  let mismatches: ChainMismatch[] = [];
  let stopped = false;

  function build(counts: AnchoringCounts): ChainAuditReport {
    const now = clock();
    const { oldestPendingAt, ...holdings } = counts.holdings;
    const attention = holdings.failed > 0 || counts.certificates.failed > 0 || mismatches.length > 0 || sweepState.state === 'failed';
    const pending = holdings.pending > 0 || counts.certificates.withoutTx > 0;
    return {
      status: attention ? 'attention' : pending ? 'pending' : 'anchored',
      checkedAt: now,
      holdings: { ...holdings, oldestPendingAgeSeconds: oldestPendingAt ? Math.max(0, Math.round((now.getTime() - oldestPendingAt.getTime()) / 1000)) : null },
      certificates: counts.certificates,
      sweep: { ...sweepState },
      mismatches: mismatches.slice(0, MAX_REPORTED),
    };
  }

  function refresh(): Promise<ChainAuditReport> {
    refreshing ??= countAnchoring(db)
      .then((counts) => {
        const report = build(counts);
        cached = { report, atMs: Date.now() };
        return report;
      })
      .finally(() => (refreshing = null));
    return refreshing;
  }

  async function checkPage(page: AnchoredHolding[], receipts: Map<string, Promise<RetirementReceipt>>): Promise<ChainMismatch[]> {
    const receiptOf = (hash: string) => {
      if (!receipts.has(hash)) receipts.set(hash, readRetirementReceipt(chain, hash));
      return receipts.get(hash)!;
    };
    const check = limitConcurrency(async (holding: AnchoredHolding) => {
      const [token, retirement] = await Promise.all([readTokenState(chain, holding.tokenId), holding.chainTxHash ? receiptOf(holding.chainTxHash) : null]);
      return compareHoldingWithToken(holding, token, chain.custodyAddress, retirement);
    }, TOKENS_IN_FLIGHT);
    const results = await Promise.all(page.map((holding) => check(holding)));
    return results.flat();
  }

  // A second look at the holdings that disagreed: rows and chain both read afresh.
  async function confirm(found: ChainMismatch[]): Promise<ChainMismatch[]> {
    const ids = new Set(found.map((mismatch) => mismatch.holdingId));
    const confirmed: ChainMismatch[] = [];
    for (const id of ids) {
      const [holding] = await loadAnchoredHoldings(db, id - 1, 1);
      if (holding?.id === id) confirmed.push(...(await checkPage([holding], new Map())));
    }
    return confirmed;
  }

  async function runSweep(): Promise<void> {
    sweepState = { state: 'running', startedAt: clock(), finishedAt: null, checkedHoldings: 0, error: null };
    try {
      const found: ChainMismatch[] = [];
      const receipts = new Map<string, Promise<RetirementReceipt>>();
      for (let afterId = 0; !stopped;) {
        const page = await loadAnchoredHoldings(db, afterId, PAGE_SIZE);
        if (page.length === 0) break;
        found.push(...(await checkPage(page, receipts)));
        afterId = page[page.length - 1].id;
        sweepState.checkedHoldings += page.length;
      }
      const conflicts = (await findLedgerConflicts(db)).map((conflict): ChainMismatch => ({
        kind: conflict.kind,
        holdingId: conflict.holdingId,
        tokenId: conflict.tokenId,
        expected: conflict.kind === 'token' ? 'one lot per token' : 'disjoint serial ranges',
        actual: `shared with holding ${conflict.otherHoldingId}`,
      }));
      mismatches = [...(await confirm(found)), ...conflicts];
      sweepState = { ...sweepState, state: 'done', finishedAt: clock() };
      if (stopped) sweepState.state = 'never';
      else if (mismatches.length > 0) options.log?.(`Chain audit: ${mismatches.length} mismatches, first: ${JSON.stringify(mismatches[0])}`);
    } catch (error) {
      if (stopped) return;
      sweepState = { ...sweepState, state: 'failed', finishedAt: clock(), error: (error as Error).message };
      options.log?.(`Chain audit sweep failed: ${(error as Error).message}`);
    } finally {
      cached = null;
    }
  }

  return {
    async report(timeoutMs) {
      if (cached && Date.now() - cached.atMs < cacheMs) return cached.report;
      const fresh = refresh();
      if (!cached) return withTimeout(fresh, timeoutMs);
      // A slow database answers with the previous report rather than holding the request.
      return withTimeout(fresh, timeoutMs).catch(() => cached!.report);
    },

    sweep() {
      if (stopped) return Promise.resolve();
      if (!running) {
        running = runSweep().finally(() => (running = null));
        return running;
      }
      queued ??= running.then(() => {
        queued = null;
        return this.sweep();
      });
      return queued;
    },

    async stop() {
      stopped = true;
      await running;
    },
  };
}
