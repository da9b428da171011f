import { beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { carbonCreditAbi } from '@/server/chain/carbon-credit-abi';
import { loadCarbonCreditArtifact } from '@/server/chain/contract-artifact';
import { DEV_CUSTODY_PRIVATE_KEY, startEmbeddedChain } from '@/server/chain/embedded-chain';
import type { ReplaySource } from '@/server/chain/replay-transactions';
import { startEmbeddedChainProcess } from '@/server/chain/chain-process';
import type { ChainJournalEntry } from '@/server/chain/transaction-sender';
import { sampleCredit } from './chain-test-kit';

beforeAll(() => loadCarbonCreditArtifact(), 60_000);

describe('when the journal replays in the background', () => {
  it('serves the oldest retirement before the replay ends, reads the latest state after it, and sends nothing meanwhile', async () => {
    const entries: ChainJournalEntry[] = [];
    const first = await startEmbeddedChain({ journal: { record: (entry) => void entries.push(entry) } });
    const { tokenIds } = await first.mintBatch([sampleCredit, sampleCredit]);
    const oldest = await first.retire(tokenIds[0], 'First ever');
    for (let i = 0; i < 30; i++) await first.mintBatch([sampleCredit, sampleCredit, sampleCredit]);
    await first.close();

    const restarted = await startEmbeddedChain({ replay: entries, replayInBackground: true });
    try {
      expect(restarted.contractAddress.toLowerCase()).toBe(first.contractAddress.toLowerCase());
      // A mint asked for now is queued behind the replay: it continues the token sequence, it does not fork it.
      const next = restarted.mint(sampleCredit);
      const receipt = (await restarted.request({ method: 'eth_getTransactionReceipt', params: [oldest.txHash] })) as { status: Hex; blockNumber: Hex };
      expect(receipt.status).toBe('0x1');
      const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'getCreditDetails', args: [BigInt(tokenIds[0])] });
      const atRetirement = (await restarted.request({ method: 'eth_call', params: [{ to: restarted.contractAddress, data }, receipt.blockNumber] })) as Hex;
      expect(decodeFunctionResult({ abi: carbonCreditAbi, functionName: 'getCreditDetails', data: atRetirement }).isRetired).toBe(true);

      await restarted.synced();
      expect((await next).tokenId).toBe(2 + 30 * 3 + 1);
      expect(await restarted.totalSupply()).toBe(BigInt(2 + 30 * 3 + 1));
    } finally {
      await restarted.close();
    }
  }, 60_000);
});

describe('when a long journal replays page by page in the chain thread', () => {
  it('verifies the oldest retirement before any later page is read, then reads every page and reaches the latest state', async () => {
    const entries: ChainJournalEntry[] = [];
    const first = await startEmbeddedChain({ journal: { record: (entry) => void entries.push(entry) } });
    const { tokenIds } = await first.mintBatch([sampleCredit, sampleCredit]);
    const oldest = await first.retire(tokenIds[0], 'First ever');
    for (let i = 0; i < 12; i++) await first.mintBatch([sampleCredit, sampleCredit]);
    await first.close();

    // Deployment, mints, the retirement and one more batch come first; the rest waits behind a gate, three rows a page.
    const later = entries.slice(4);
    let pagesRead = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const source: ReplaySource = {
      hashes: entries.map((entry) => entry.txHash),
      firstPage: entries.slice(0, 4),
      async nextPage() {
        await gate;
        pagesRead++;
        return later.splice(0, 3);
      },
    };
    const restarted = await startEmbeddedChainProcess({ privateKey: DEV_CUSTODY_PRIVATE_KEY, replay: source, replayInBackground: true });
    try {
      const receipt = (await restarted.request({ method: 'eth_getTransactionReceipt', params: [oldest.txHash] })) as { status: Hex; blockNumber: Hex };
      expect(receipt.status).toBe('0x1');
      expect(await restarted.getTransaction(oldest.txHash)).toEqual({ found: true, blockNumber: BigInt(receipt.blockNumber), status: 'success' });
      const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'getCreditDetails', args: [BigInt(tokenIds[0])] });
      const atRetirement = (await restarted.request({ method: 'eth_call', params: [{ to: restarted.contractAddress, data }, receipt.blockNumber] })) as Hex;
      expect(decodeFunctionResult({ abi: carbonCreditAbi, functionName: 'getCreditDetails', data: atRetirement }).isRetired).toBe(true);
      expect(pagesRead).toBe(0);

      openGate();
      await restarted.synced();
      // 11 rows in pages of 3, then the empty page that ends the journal.
      expect(pagesRead).toBe(5);
      expect(await restarted.totalSupply()).toBe(BigInt(2 + 12 * 2));
      expect((await restarted.mint(sampleCredit)).tokenId).toBe(2 + 12 * 2 + 1);
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
