import { loadCarbonCreditArtifact } from '@/server/chain/contract-artifact';
import { startEmbeddedChain } from '@/server/chain/embedded-chain';
import type { ChainJournalEntry } from '@/server/chain/transaction-sender';

const MINTS = 300;
const BATCH_SIZE = 200;
const BATCHES = 10;

const credit = {
  projectName: 'Bench Reforestation',
  projectId: 'bench-1',
  verificationBody: 'Verra VCS',
  vintageYear: 2024,
  mrvDataUrl: 'ipfs://QmBench',
  gpsLocation: '-3.4653,-62.2159',
  quantityTonnes: 100,
  tokenUri: 'https://example.test/bench.json',
};

function perSecond(count: number, elapsedMs: number): string {
  return `${Math.round((count * 1000) / elapsedMs)}/s (${(elapsedMs / count).toFixed(2)} ms each)`;
}

/**
 * Anchoring's shape: batches of BATCH_SIZE mints, then splits off those lots, then retirements of the split lots,
 * with ops/s, gas and CPU per operation (CPU of the whole process, so less sensitive to a busy machine than ops/s).
 */
async function batched(chain: Awaited<ReturnType<typeof startEmbeddedChain>>): Promise<void> {
  const gasOf = async (hash: string) =>
    BigInt(((await chain.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as { gasUsed: string }).gasUsed);
  async function measure(label: string, send: (batch: number) => Promise<string>) {
    const cpu = process.cpuUsage();
    const startedMs = performance.now();
    let gas = 0n;
    for (let batch = 0; batch < BATCHES; batch++) gas += await gasOf(await send(batch));
    const elapsedMs = performance.now() - startedMs;
    const used = process.cpuUsage(cpu);
    const ops = BATCHES * BATCH_SIZE;
    console.log(`embedded chain: ${ops} ${label} in batches of ${BATCH_SIZE}, ${perSecond(ops, elapsedMs)}, ` +
      `${(gas / BigInt(ops)).toLocaleString('en-US')} gas and ${((used.user + used.system) / 1000 / ops).toFixed(3)} CPU-ms each`);
  }
  const minted: number[] = [];
  const split: number[] = [];
  const lotsOf = (ids: number[], batch: number) => ids.slice(batch * BATCH_SIZE, (batch + 1) * BATCH_SIZE);
  await measure('mints', async (batch) => {
    const inputs = Array.from({ length: BATCH_SIZE }, (_, i) => ({ ...credit, tokenUri: `urn:carbonledger:holding:${batch * BATCH_SIZE + i + 1}` }));
    const { tokenIds, txHash } = await chain.mintBatch(inputs);
    minted.push(...tokenIds);
    return txHash;
  });
  await measure('splits', async (batch) => {
    const inputs = lotsOf(minted, batch).map((tokenId, i) => ({ tokenId, quantityTonnes: 10, tokenUri: `urn:carbonledger:holding:${100_000 + batch * BATCH_SIZE + i}` }));
    const { newTokenIds, txHash } = await chain.splitBatch(inputs);
    split.push(...newTokenIds);
    return txHash;
  });
  await measure('retirements', async (batch) =>
    (await chain.retireBatch(lotsOf(split, batch).map((tokenId) => ({ tokenId, reason: 'Carbon Neutrality Goal' })))).txHash);
}

/** Embedded chain: start + deploy, sequential mints and retirements (journaled), and journal replay speed. */
export async function run(): Promise<void> {
  await loadCarbonCreditArtifact();
  const entries: ChainJournalEntry[] = [];
  let startedMs = performance.now();
  const chain = await startEmbeddedChain({ journal: { record: (entry) => void entries.push(entry) } });
  console.log(`embedded chain: start + deploy ${(performance.now() - startedMs).toFixed(0)} ms (first in process, includes loading Hardhat)`);
  const again = await startEmbeddedChain();
  console.log(`embedded chain: start + deploy ${again.startMs.toFixed(0)} ms (later starts in the same process)`);
  await again.close();

  startedMs = performance.now();
  const tokenIds: number[] = [];
  for (let i = 0; i < MINTS; i++) tokenIds.push((await chain.mint(credit)).tokenId);
  console.log(`embedded chain: ${MINTS} sequential mints, ${perSecond(MINTS, performance.now() - startedMs)}`);

  startedMs = performance.now();
  for (const tokenId of tokenIds) await chain.retire(tokenId, 'Carbon Neutrality Goal');
  console.log(`embedded chain: ${MINTS} sequential retirements, ${perSecond(MINTS, performance.now() - startedMs)}`);

  const batchChain = await startEmbeddedChain({ journal: { record: () => {} } });
  await batched(batchChain);
  await batchChain.close();
  await chain.close();

  startedMs = performance.now();
  const replayed = await startEmbeddedChain({ replay: entries });
  console.log(`embedded chain: restart replaying ${entries.length} journal entries in ${(performance.now() - startedMs).toFixed(0)} ms`);
  await replayed.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
