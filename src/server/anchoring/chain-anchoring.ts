import type { Hex } from 'viem';
import type { Database } from '@/server/db/client';
import { plainStatements, type StatementRunner } from '@/server/db/statement-runner';
import type { MarketEvents } from '@/server/services/market-events';
import { AnchorWaiters } from './anchor-waiters';
import { clearAnchorFailures, initialFrontier, storedAnchor } from './anchoring-queries';
import { createAnchoringSweep, type AnchorOutcome } from './anchoring-sweep';
import { failureDetail } from '@/server/chain/chain-call-error';
import type { JournalStore } from '@/server/chain/journal-store';
import type { ServerChain } from '@/server/chain/start-chain';

export type { AnchorOutcome } from './anchoring-sweep';
export type AnchoringState = 'idle' | 'anchoring' | 'backing-off' | 'stopped';

export interface ChainAnchoring {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Asks for a sweep soon (after a commit that created holdings or certificates). */
  kick(): void;
  /**
   * Waits up to `timeoutMs` for the holding's token or the certificate's retirement transaction. Answers null at once
   * when the worker is behind (more than a few operations ahead of this one) or backing off: under load a request
   * answers "pending" instead of queueing behind the chain. `holdingId` on a certificate sharpens that estimate.
   */
  waitFor(target: { holdingId: number }, timeoutMs: number): Promise<{ tokenId: number } | null>;
  waitFor(target: { certificateId: string; holdingId?: number }, timeoutMs: number): Promise<{ chainTxHash: Hex } | null>;
  status(): { state: AnchoringState; anchoredTransactions: number; lastError: string | null };
}

export interface ChainAnchoringOptions {
  db: Database;
  /** Runs the statements every pass sends (prepared on the embedded database); plain ones when absent. */
  statements?: StatementRunner;
  chain: ServerChain;
  journal: JournalStore;
  events: MarketEvents;
  log?: (line: string) => void;
  /** Safety-net sweep for rows created without an event (another process, a script). */
  sweepIntervalMs?: number;
  /** Rows a pass loads. */
  batchSize?: number;
  /** Operations (mints, splits or retirements) per chain transaction. */
  operationsPerTransaction?: number;
  /** Under load, the least time from one pass's start to the next's; 0 runs passes back to back. */
  passSpacingMs?: number;
}

/**
 * Under sustained load passes run back to back, and each costs the main thread a fixed few milliseconds of database
 * work (the pending rows' query, the journal, the saves) however few operations it carries: at 10 connections of
 * crossing orders a pass every ~20 ms doubled the main thread's CPU per order, and at 50 a pass that found nothing
 * ended its pump and the next commit started another (a pass per batch, 7% of the main thread). So a pass called for
 * by new commits starts no sooner than the spacing after the previous pass's start, letting each carry more
 * operations for the same fixed cost. A change after a quiet spell gets its pass at once, a backlog drains back to
 * back (no new commits), and a request waiting for its own anchoring ends the spacing at once, so a client that waits
 * for its token (a purchase answered with its token id) never waits for a spacing.
 */
/** A request waits for its own anchoring only when at most this many operations are queued before it. */
const MAX_OPERATIONS_AHEAD = 4;
const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 60_000;
// Measured with scratch micro-benchmarks of mintBatch (CPU per lot, both threads): a transaction's fixed cost
// (signing, journaling, a block) is about 2.5 ms against about 0.2 ms per mint, so 200 per transaction leaves it at ~6%;
// EDR's cost per operation grows past a few hundred per transaction (0.35 → 0.5 ms a mint from 200 to 500).
export const OPERATIONS_PER_TRANSACTION = 200;

/**
 * The anchoring worker: the database is the source of truth, and the sweep (anchoring-sweep.ts) derives from its rows
 * the chain operations still owed, so a row that already has its result is never sent again. This part schedules it:
 * on market events (every commit that creates holdings or certificates publishes one) plus a periodic sweep, one pass
 * at a time, with exponential back-off after a failure, and lets requests wait briefly for their own anchoring.
 */
export function createChainAnchoring(options: ChainAnchoringOptions): ChainAnchoring {
  const { db, chain, journal, events } = options;
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? 1000;
  const passSpacingMs = options.passSpacingMs ?? 0;
  const waiters = new AnchorWaiters<AnchorOutcome>();
  let state: AnchoringState = 'idle';
  let running: Promise<void> | null = null;
  let again = false;
  let scheduled = false;
  /** Ends the current spacing between passes early (a request started waiting). */
  let endSpacing: (() => void) | null = null;
  /** Changes announced so far, and when the last pass started (with the count then). */
  let kicks = 0;
  let kicksAtLastPass = 0;
  let lastPassStartedMs = -Infinity;
  let stopped = false;
  let failures = 0;
  let lastError: string | null = null;
  let anchoredTransactions = 0;
  let reconciled = false;
  let frontier = 0;
  let backoffTimer: NodeJS.Timeout | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let unsubscribe = () => {};

  function kick(): void {
    kicks++;
    if (stopped || scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (running) again = true;
      else if (!backoffTimer && !stopped) running = pump().finally(() => (running = null));
    });
  }

  async function pump(): Promise<void> {
    state = 'anchoring';
    try {
      // In the first pass rather than at start: it reads the journal's newest receipts, which a chain replaying in
      // the background has only at the end, and start-up must not wait for that.
      if (!reconciled) {
        await passes.reconcile();
        reconciled = true;
      }
      do {
        if (kicks > kicksAtLastPass && !waiters.anyWaiting) {
          await spacing(lastPassStartedMs + passSpacingMs - Date.now());
          if (stopped) break;
        }
        again = false;
        kicksAtLastPass = kicks;
        lastPassStartedMs = Date.now();
        if (!(await passes.sweep()) && !again) break;
      } while (!stopped);
      failures = 0;
      state = stopped ? 'stopped' : 'idle';
    } catch (error) {
      if (stopped) return;
      // A call that failed may still have been mined and journaled (the chain process died before answering): the
      // next pass applies such results before it sends anything, so no row is anchored twice.
      reconciled = false;
      failures++;
      const delayMs = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (failures - 1));
      lastError = (error as Error).message;
      log(`Chain anchoring failed (${failureDetail(error)}); retrying in ${delayMs} ms`);
      state = 'backing-off';
      backoffTimer = setTimeout(() => {
        backoffTimer = null;
        kick();
      }, delayMs);
      backoffTimer.unref();
    }
  }

  /** Waits `ms` (when positive) unless a request starts waiting for its anchoring meanwhile. */
  function spacing(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => endSpacing!(), ms);
      timer.unref();
      endSpacing = () => {
        clearTimeout(timer);
        endSpacing = null;
        resolve();
      };
    });
  }

  const passes = createAnchoringSweep({
    db, statements: options.statements ?? plainStatements, chain, journal, log, batchSize,
    operationsPerTransaction: options.operationsPerTransaction ?? OPERATIONS_PER_TRANSACTION,
    settled(key, outcome) {
      if (outcome) anchoredTransactions++;
      waiters.settle(key, outcome);
    },
    reached(holdingId) {
      frontier = Math.max(frontier, holdingId);
    },
    stopped: () => stopped,
  });

  return {
    async start() {
      await clearAnchorFailures(db);
      frontier = await initialFrontier(db);
      unsubscribe = events.subscribe((event) => {
        if (event.type !== 'catalogue' && event.type !== 'webhooks') kick();
      });
      sweepTimer = setInterval(kick, options.sweepIntervalMs ?? 15_000);
      sweepTimer.unref();
      kick();
    },

    async stop() {
      stopped = true;
      unsubscribe();
      if (sweepTimer) clearInterval(sweepTimer);
      if (backoffTimer) clearTimeout(backoffTimer);
      backoffTimer = null;
      endSpacing?.();
      await running;
      state = 'stopped';
      waiters.releaseAll();
    },

    kick,

    async waitFor(target: { holdingId?: number; certificateId?: string }, timeoutMs: number) {
      const key = target.certificateId !== undefined ? `c:${target.certificateId}` : `h:${target.holdingId}`;
      const known = waiters.known(key);
      if (known !== undefined) return known;
      if (stopped || backoffTimer) return null;
      if (target.holdingId !== undefined && target.holdingId - frontier - 1 > MAX_OPERATIONS_AHEAD) return null;
      const outcome = waiters.wait(key, timeoutMs);
      endSpacing?.();
      kick();
      // A new purchase is ahead of the worker; anything else may be anchored already (listening first, then
      // looking, so an anchoring in between is not missed).
      if (target.certificateId !== undefined || target.holdingId! <= frontier) {
        const stored = await storedAnchor(db, target);
        if (stored) waiters.settle(key, stored);
      }
      return outcome;
    },

    status: () => ({ state, anchoredTransactions, lastError }),
  } as ChainAnchoring;
}
