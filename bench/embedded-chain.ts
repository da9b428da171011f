import { loadCarbonCreditArtifact } from '../src/server/chain/contract-artifact.js';
import { startEmbeddedChain } from '../src/server/chain/embedded-chain.js';
import type { ChainJournalEntry } from '../src/server/chain/transaction-sender.js';

const MINTS = 300;

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
  await chain.close();

  startedMs = performance.now();
  const replayed = await startEmbeddedChain({ replay: entries });
  console.log(`embedded chain: restart replaying ${entries.length} journal entries in ${(performance.now() - startedMs).toFixed(0)} ms`);
  await replayed.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
