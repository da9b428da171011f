import { asc, eq } from 'drizzle-orm';
import type { Hex } from 'viem';
import type { Database } from '../db/client';
import { chainJournal } from '../db/schema';
import type { ChainJournal, ChainJournalEntry, TransactionKind } from './transaction-sender.js';

/** embedded: the rows the embedded chain replays; remote: an audit trail of what was sent to a remote node. */
export type JournalSource = 'embedded' | 'remote';

/** The database rows an anchoring transaction anchors, in the order of its events. */
export type AnchorTarget = { holdingIds: readonly number[] } | { certificateIds: readonly string[] };

export interface JournalStore extends ChainJournal {
  readonly source: JournalSource;
  /** Every recorded entry of this source, oldest first: what a restarted embedded chain replays. */
  load(): Promise<ChainJournalEntry[]>;
  /**
   * Runs `task` (one anchoring write, possibly a batch) with its mint, split or retire entry linked to `target`, so
   * that a crash after mining but before the results reached the rows is repaired from the journal at start-up.
   */
  withTarget<T>(target: AnchorTarget, task: () => Promise<T>): Promise<T>;
  /** Stops retrying failed writes (shutdown). */
  close(): void;
}

const ANCHORING_KINDS: ReadonlySet<TransactionKind> = new Set(['mint', 'split', 'retire']);
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5000;

/**
 * The chain journal in the database. A write that fails is retried until it succeeds: the chain does not send its
 * next transaction meanwhile, because a mined transaction missing from the journal would make every later replay fail.
 */
export function createJournalStore(db: Database, source: JournalSource, log: (line: string) => void = () => {}): JournalStore {
  let target: AnchorTarget | null = null;
  let closed = false;

  async function insert(entry: ChainJournalEntry, linked: AnchorTarget | null): Promise<void> {
    await db.insert(chainJournal).values({
      source,
      kind: entry.kind,
      rawTransaction: entry.rawTransaction,
      txHash: entry.txHash,
      blockTimestamp: entry.blockTimestamp,
      status: entry.status,
      // The first target also fills the single-row columns, so a lookup by holding or certificate stays indexed.
      holdingId: linked && 'holdingIds' in linked ? (linked.holdingIds[0] ?? null) : null,
      certificateId: linked && 'certificateIds' in linked ? (linked.certificateIds[0] ?? null) : null,
      targets: linked ? [...('holdingIds' in linked ? linked.holdingIds : linked.certificateIds)] : null,
    });
  }

  return {
    source,

    async record(entry) {
      // A reverted transaction anchored nothing: linking it would count as an anchoring of its rows.
      const linked = ANCHORING_KINDS.has(entry.kind) && entry.status === 'success' ? target : null;
      for (let delayMs = RETRY_FIRST_MS; ; delayMs = Math.min(delayMs * 2, RETRY_MAX_MS)) {
        try {
          return await insert(entry, linked);
        } catch (error) {
          if (closed) throw error;
          log(`Chain journal write of ${entry.txHash} failed, retrying in ${delayMs} ms: ${(error as Error).message}`);
          await new Promise((resolve) => setTimeout(resolve, delayMs));
        }
      }
    },

    async load() {
      const rows = await db.select().from(chainJournal).where(eq(chainJournal.source, source)).orderBy(asc(chainJournal.id));
      return rows.map((row) => ({
        kind: row.kind as TransactionKind,
        rawTransaction: row.rawTransaction as Hex,
        txHash: row.txHash as Hex,
        blockTimestamp: row.blockTimestamp,
        status: row.status as ChainJournalEntry['status'],
      }));
    },

    async withTarget(next, task) {
      target = next;
      try {
        return await task();
      } finally {
        target = null;
      }
    },

    close() {
      closed = true;
    },
  };
}
