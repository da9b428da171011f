import type { ChainAnchoring } from '@/server/anchoring/chain-anchoring';
import { startLeaderLock, type LeaderLock } from './leader-lock';

/** Advisory lock key of the anchoring worker (the migration lock is 7243001). */
export const ANCHORING_LOCK_KEY = 7243002;

export interface AnchoringLeaderOptions {
  databaseUrl: string;
  /** Makes a fresh worker: a stopped worker cannot be restarted, and each term starts by reconciling. */
  createWorker: () => ChainAnchoring;
  /** Repairs what the previous leader left half done, before the new term's worker starts. */
  beforeTerm?: () => Promise<void>;
  pollMs?: number;
  log?: (line: string) => void;
}

export type LeaderAnchoring = ChainAnchoring & { isLeader(): boolean };

/**
 * The anchoring worker of one instance among several on one PostgreSQL database: it runs only while this instance
 * holds the anchoring advisory lock (ops/leader-lock.ts). Every term starts a fresh worker, whose start() first
 * applies what the previous leader journaled but did not save, so anchoring resumes where the last leader stopped.
 * A follower never sends chain transactions: kick() is a no-op (the leader hears about commits through the
 * LISTEN/NOTIFY bridge) and waitFor() answers null at once, so its requests report anchoring as pending.
 */
export function createAnchoringLeader(options: AnchoringLeaderOptions): LeaderAnchoring {
  let worker: ChainAnchoring | null = null;
  let lock: LeaderLock | null = null;

  return {
    /** Resolves after the first try for the lock, so a lone instance anchors from its first request on. */
    async start() {
      lock = startLeaderLock({
        databaseUrl: options.databaseUrl,
        key: ANCHORING_LOCK_KEY,
        pollMs: options.pollMs,
        log: options.log,
        async onElected() {
          await options.beforeTerm?.();
          const next = options.createWorker();
          await next.start();
          worker = next;
        },
        async onDeposed() {
          const current = worker;
          worker = null;
          await current?.stop();
        },
      });
      await lock.firstAttempt;
    },
    async stop() {
      await lock?.close();
      lock = null;
    },
    kick() {
      worker?.kick();
    },
    waitFor(target: never, timeoutMs: number) {
      return worker ? worker.waitFor(target, timeoutMs) : Promise.resolve(null);
    },
    status() {
      return worker?.status() ?? { state: 'stopped', anchoredTransactions: 0, lastError: null };
    },
    isLeader: () => worker !== null,
  } as LeaderAnchoring;
}
