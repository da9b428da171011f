import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Hex } from 'viem';
import type { Database } from '@/server/db/client';
import { chainJournal } from '@/server/db/schema';
import type { ReplaySource } from './replay-transactions';
import type { ChainJournal, ChainJournalEntry, TransactionKind } from './transaction-sender';

/** embedded: the rows the embedded chain replays; remote: an audit trail of what was sent to a remote node. */
export type JournalSource = 'embedded' | 'remote';

/** The database rows an anchoring transaction anchors, in the order of its events. */
export type AnchorTarget = { holdingIds: readonly number[] } | { certificateIds: readonly string[] };

export interface JournalStore extends ChainJournal {
  readonly source: JournalSource;
  /** Every recorded entry of this source, oldest first: what a restarted embedded chain replays. */
  load(): Promise<ChainJournalEntry[]>;
  /**
   * The same entries for a replay that must not wait for history: every hash now (a few bytes per row), the raw
   * transactions `pageSize` rows at a time as the replay asks. Rows written after this call are not part of it.
   */
  replaySource(pageSize?: number): Promise<ReplaySource>;
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
// A page of batched anchoring rows is a few megabytes at most (100 operations of a few hundred bytes per row).
const REPLAY_PAGE_ROWS = 50;

type JournalRow = typeof chainJournal.$inferSelect;

function entryOf(row: JournalRow): ChainJournalEntry {
  return {
    kind: row.kind as TransactionKind,
    rawTransaction: row.rawTransaction as Hex,
    txHash: row.txHash as Hex,
    blockTimestamp: row.blockTimestamp,
    status: row.status as ChainJournalEntry['status'],
  };
}

/** Told of each signed transaction that creates tokens for holdings, before it is sent; a rejection keeps it unsent. */
export type HoldingsClaim = (holdingIds: readonly number[], nonce: number, txHash: Hex) => Promise<void>;

/**
 * The chain journal in the database. A write that fails is retried until it succeeds: the chain does not send its
 * next transaction meanwhile, because a mined transaction missing from the journal would make every later replay fail.
 */
export function createJournalStore(
  db: Database, source: JournalSource, log: (line: string) => void = () => {}, claimHoldings?: HoldingsClaim,
): JournalStore {
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
      return rows.map(entryOf);
    },

    async replaySource(pageSize = REPLAY_PAGE_ROWS) {
      const ids = await db
        .select({ id: chainJournal.id, txHash: chainJournal.txHash })
        .from(chainJournal)
        .where(eq(chainJournal.source, source))
        .orderBy(asc(chainJournal.id));
      const lastId = ids.at(-1)?.id ?? 0;
      let afterId = 0;
      const read = async (): Promise<ChainJournalEntry[]> => {
        if (afterId >= lastId) return [];
        const rows = await db
          .select()
          .from(chainJournal)
          .where(and(eq(chainJournal.source, source), gt(chainJournal.id, afterId), lte(chainJournal.id, lastId)))
          .orderBy(asc(chainJournal.id))
          .limit(pageSize);
        afterId = rows.at(-1)?.id ?? lastId;
        return rows.map(entryOf);
      };
      // A failed read would fail the replay, and with it every chain write until the next restart: retry instead.
      const page = async (fromIndex?: number): Promise<ChainJournalEntry[]> => {
        if (fromIndex !== undefined) afterId = fromIndex > 0 ? (ids[fromIndex - 1]?.id ?? lastId) : 0;
        for (let delayMs = RETRY_FIRST_MS; ; delayMs = Math.min(delayMs * 2, RETRY_MAX_MS)) {
          try {
            return await read();
          } catch (error) {
            if (closed) throw error;
            log(`Chain journal read after row ${afterId} failed, retrying in ${delayMs} ms: ${(error as Error).message}`);
            await new Promise((resolve) => setTimeout(resolve, delayMs));
          }
        }
      };
      return { hashes: ids.map((row) => row.txHash as Hex), firstPage: await page(), nextPage: page };
    },

    ...(claimHoldings && {
      async claim(nonce: number, txHash: Hex) {
        if (target && 'holdingIds' in target && target.holdingIds.length > 0) await claimHoldings(target.holdingIds, nonce, txHash);
      },
    }),

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
