import { bytesToHex, hexToBytes } from '@ethereumjs/util';
import type { Hex } from 'viem';
import { ReplayDivergence, type ReplayEntry, type ReplaySource } from '@/server/chain/replay-transactions';
import type { ChainStore } from './chain-store';

/** Receipts read at once while checking the store against the journal. */
const CHECK_BATCH = 1_000;

/**
 * How many of the journal's entries the store holds already, checked in order: entry i must be the transaction of
 * block i + 1 (one transaction a block). The journal is the source of truth: a store holding one block past it
 * (the process died after mining, before the web server's durable write, and the sender never sends a second
 * transaction before the first is journaled) is rolled back to it; anything else it disagrees on is a divergence,
 * reported and never served.
 */
export async function matchStoreToJournal(store: ChainStore, hashes: readonly Hex[]): Promise<{ stored: number; rolledBack: number }> {
  const head = store.head.header.number;
  let stored = 0;
  checking: for (let from = 0; from < hashes.length; from += CHECK_BATCH) {
    const blockNumbers = await store.receipts.blockNumbers(hashes.slice(from, from + CHECK_BATCH).map((hash) => hexToBytes(hash)));
    for (const blockNumber of blockNumbers) {
      if (blockNumber === null || blockNumber > head) break checking;
      if (blockNumber !== BigInt(stored + 1)) {
        throw new ReplayDivergence(stored, hashes[stored], `the chain store holds it in block ${blockNumber}, the journal's order puts it in block ${stored + 1}`);
      }
      stored++;
    }
  }
  // Receipts are written just before their block; the last one matched must be on the canonical chain too.
  if (stored > 0 && !(await store.transaction(hexToBytes(hashes[stored - 1])))) {
    throw new ReplayDivergence(stored - 1, hashes[stored - 1], `block ${stored} of the chain store holds another transaction`);
  }
  const extra = head - BigInt(stored);
  if (extra === 0n) return { stored, rolledBack: 0 };
  const next = await store.blockByNumber(BigInt(stored + 1));
  const storedHash = next?.transactions[0] ? bytesToHex(next.transactions[0].hash()) : null;
  if (stored < hashes.length) {
    throw new ReplayDivergence(stored, hashes[stored], `block ${stored + 1} of the chain store holds ${storedHash ?? 'no transaction'} instead`);
  }
  if (extra > 1n) {
    throw new ReplayDivergence(stored, (storedHash ?? '0x') as Hex, `the chain store holds ${extra} blocks past the journal's last entry`);
  }
  await store.rollBackTo(BigInt(stored));
  return { stored, rolledBack: 1 };
}

/** The journal's entries from index `from` on, fetching only the pages from there. */
export async function* journalFrom(source: ReplaySource, from: number): AsyncGenerator<ReplayEntry> {
  if (from < source.firstPage.length) yield* source.firstPage.slice(from);
  else {
    const page = await source.nextPage(from);
    if (page.length === 0) return;
    yield* page;
  }
  for (let page = await source.nextPage(); page.length > 0; page = await source.nextPage()) yield* page;
}
