import { beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { carbonCreditAbi } from '../../src/server/chain/carbon-credit-abi.js';
import { loadCarbonCreditArtifact } from '../../src/server/chain/contract-artifact.js';
import { startEmbeddedChain } from '../../src/server/chain/embedded-chain.js';
import type { ChainJournalEntry } from '../../src/server/chain/transaction-sender.js';
import { sampleCredit } from './chain-test-kit.js';

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
