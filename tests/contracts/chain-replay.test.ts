import { beforeAll, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { loadCarbonCreditArtifact } from '@/server/chain/contract-artifact';
import { startEmbeddedChain } from '@/server/chain/embedded-chain';
import type { ChainJournalEntry } from '@/server/chain/transaction-sender';
import { randomAccount, sampleCredit, sendAs } from './chain-test-kit';

// Compiles here, under the hook's timeout, when the build is missing or stale.
beforeAll(() => loadCarbonCreditArtifact(), 60_000);

function memoryJournal() {
  const entries: ChainJournalEntry[] = [];
  return { entries, record: (entry: ChainJournalEntry) => void entries.push(entry) };
}

describe('when an embedded chain restarts from its journal', () => {
  it('brings back the same transactions, contract address and token states', async () => {
    const journal = memoryJournal();
    const first = await startEmbeddedChain({ journal });
    const kept = await first.mint(sampleCredit);
    const retired = await first.mint({ ...sampleCredit, quantityTonnes: 40 });
    const split = await first.split(kept.tokenId, 25);
    const retirement = await first.retire(retired.tokenId, 'Carbon Neutrality Goal');
    const issuedBefore = await first.getCreditDetails(retired.tokenId);
    await first.close();

    expect(journal.entries.map((entry) => entry.kind)).toEqual(['deploy', 'mint', 'mint', 'split', 'retire']);
    const restarted = await startEmbeddedChain({ replay: journal.entries });
    try {
      expect(restarted.contractAddress).toBe(first.contractAddress);
      expect(await restarted.getTransaction(retirement.txHash)).toMatchObject({ found: true, status: 'success' });
      expect(await restarted.getTransaction(kept.txHash)).toMatchObject({ found: true });
      expect(await restarted.getCreditDetails(retired.tokenId)).toEqual(issuedBefore);
      expect((await restarted.getCreditDetails(retired.tokenId)).isRetired).toBe(true);
      expect((await restarted.getCreditDetails(kept.tokenId)).quantityTonnes).toBe(75);
      expect((await restarted.getCreditDetails(split.newTokenId)).quantityTonnes).toBe(25);
      expect(await restarted.totalSupply()).toBe(3n);
      const next = await restarted.mint(sampleCredit);
      expect(next.tokenId).toBe(4);
    } finally {
      await restarted.close();
    }
  });

  it('replays bare raw transactions and keeps journaling the next ones', async () => {
    const journal = memoryJournal();
    const first = await startEmbeddedChain({ journal });
    const { tokenId } = await first.mint(sampleCredit);
    await first.close();

    const secondJournal = memoryJournal();
    const raws: Hex[] = journal.entries.map((entry) => entry.rawTransaction);
    const second = await startEmbeddedChain({ replay: raws, journal: secondJournal });
    const retirement = await second.retire(tokenId, 'after restart');
    await second.close();

    expect(secondJournal.entries.map((entry) => entry.txHash)).toEqual([retirement.txHash]);
    const third = await startEmbeddedChain({ replay: [...journal.entries, ...secondJournal.entries] });
    try {
      expect(await third.getCreditDetails(tokenId)).toMatchObject({ isRetired: true, retirementReason: 'after restart' });
    } finally {
      await third.close();
    }
  });

  it('refuses a stranger\'s raw transaction through the public entry, and journals nothing for it', async () => {
    const journal = memoryJournal();
    const chain = await startEmbeddedChain({ journal });
    try {
      const stranger = randomAccount();
      const rawTransaction = await stranger.signTransaction({
        type: 'eip1559', chainId: chain.chainId, nonce: 0, to: chain.contractAddress, data: '0x', gas: 100_000n, maxFeePerGas: 0n, maxPriorityFeePerGas: 0n,
      });
      await expect(chain.request({ method: 'eth_sendRawTransaction', params: [rawTransaction] })).rejects.toThrow(/refused: this gateway only reads/);
      await expect(chain.relayCustodyTransaction(rawTransaction)).rejects.toThrow(/only transactions signed by the marketplace's custody key/);
      expect(journal.entries.map((entry) => entry.kind)).toEqual(['deploy']);
    } finally {
      await chain.close();
    }
  });

  it('replays an old journal\'s strangers\' transactions, passing over one that no longer comes back as recorded', async () => {
    const journal = memoryJournal();
    const first = await startEmbeddedChain({ journal });
    const holder = randomAccount();
    const { tokenId } = await first.mint({ ...sampleCredit, to: holder.address });
    const retired = await sendAs(first, holder, 'retireCredit', [BigInt(tokenId), 'from my wallet']);
    const { txHash } = await first.mint(sampleCredit);
    await first.close();

    // As /rpc journaled them before it became read-only, one with a tampered outcome.
    const [deploy, mint, laterMint] = journal.entries;
    const foreign = { kind: 'rpc' as const, rawTransaction: retired.rawTransaction, txHash: retired.transactionHash, blockTimestamp: laterMint.blockTimestamp, status: 'reverted' as const };
    const restarted = await startEmbeddedChain({ replay: [deploy, mint, foreign, laterMint] });
    try {
      expect(restarted.replayStatus()).toMatchObject({ state: 'done', foreignDivergences: 1, divergence: null, replayed: 4 });
      expect(await restarted.getCreditDetails(tokenId)).toMatchObject({ isRetired: true });
      expect(await restarted.getTransaction(txHash)).toMatchObject({ found: true, status: 'success' });
    } finally {
      await restarted.close();
    }
  });

  it('brings back the same block numbers: no block is mined that the replay would not repeat', async () => {
    const journal = memoryJournal();
    const first = await startEmbeddedChain({ journal });
    await first.mint(sampleCredit);
    await first.close();
    const second = await startEmbeddedChain({ replay: journal.entries, journal });
    const { txHash } = await second.mint(sampleCredit);
    const liveBlock = (await second.getTransaction(txHash)).blockNumber;
    await second.close();
    const third = await startEmbeddedChain({ replay: journal.entries });
    try {
      expect((await third.getTransaction(txHash)).blockNumber).toBe(liveBlock);
      expect(liveBlock).toBe(3n);
    } finally {
      await third.close();
    }
  });

  it('refuses a journal signed by another custody key', async () => {
    const journal = memoryJournal();
    const first = await startEmbeddedChain({ journal });
    await first.close();
    const otherKey = `0x${'11'.repeat(32)}` as const;
    await expect(startEmbeddedChain({ replay: journal.entries, privateKey: otherKey })).rejects.toThrow(/no CarbonCredit deployment by the custody key/);
  });

  it('fails loudly when the journal has a gap or the chain diverges', async () => {
    const journal = memoryJournal();
    const first = await startEmbeddedChain({ journal });
    const { tokenId } = await first.mint(sampleCredit);
    await first.retire(tokenId, 'done');
    await first.close();
    const [deploy, mint, retire] = journal.entries;

    await expect(startEmbeddedChain({ replay: [deploy, retire] })).rejects.toThrow(/Chain replay diverged at journal entry 1 .*not accepted again/);
    const tampered = { ...mint, status: 'reverted' as const };
    await expect(startEmbeddedChain({ replay: [deploy, tampered, retire] })).rejects.toThrow(/Chain replay diverged at journal entry 1 .*success now/);
  });
});
