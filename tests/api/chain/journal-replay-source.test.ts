import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { createJournalStore } from '@/server/chain/journal-store';
import type { ReplayEntry } from '@/server/chain/replay-transactions';
import type { ChainJournalEntry } from '@/server/chain/transaction-sender';
import { createTestApp, type TestApp } from '@tests/support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const entry = (n: number): ChainJournalEntry => ({
  kind: 'mint',
  rawTransaction: `0x${n.toString(16).padStart(4, '0')}` as Hex,
  txHash: `0x${n.toString(16).padStart(64, '0')}` as Hex,
  blockTimestamp: 1_700_000_000 + n,
  status: 'success',
});
const rawOf = (replayed: ReplayEntry) => (typeof replayed === 'string' ? replayed : replayed.rawTransaction);

describe('when a restart reads the chain journal page by page', () => {
  it('hands out every hash at once, then the rows of its own source in pages, and nothing written after it started', async () => {
    const embedded = createJournalStore(testApp.deps.db, 'embedded');
    const remote = createJournalStore(testApp.deps.db, 'remote');
    for (let n = 1; n <= 7; n++) await (n === 3 ? remote : embedded).record(entry(n));

    const source = await embedded.replaySource(2);
    await embedded.record(entry(8));

    expect(source.hashes).toEqual([1, 2, 4, 5, 6, 7].map((n) => entry(n).txHash));
    expect(source.firstPage.map(rawOf)).toEqual([entry(1).rawTransaction, entry(2).rawTransaction]);
    expect(source.firstPage[0]).toEqual(entry(1));
    const pages: Hex[][] = [];
    for (let page = await source.nextPage(); page.length > 0; page = await source.nextPage()) pages.push(page.map(rawOf));
    expect(pages).toEqual([[4, 5], [6, 7]].map((page) => page.map((n) => entry(n).rawTransaction)));
    expect(await source.nextPage()).toEqual([]);
  });
});
