// Issue 12 benchmark: restart time against history. A synthetic journal of N anchored operations (batched mints of
// 100, the very first lots retired at once, so the earliest certificate is at the start), stored in a fresh embedded
// database; then a server process starts on it and the clock runs until it serves /api/projects and that first
// certificate verifies through /rpc (receipt, transaction, and the token's retired state by eth_call).
// `BENCH_RESTART_OPERATIONS=10000,100000` (default) chooses the sizes.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { loadConfig } from '../src/server/config';
import { closeAppDeps, createAppDeps } from '../src/server/bootstrap';
import { carbonCreditAbi } from '../src/server/chain/carbon-credit-abi';
import { startEmbeddedChain } from '../src/server/chain/embedded-chain';
import type { ChainJournalEntry } from '../src/server/chain/transaction-sender';
import { chainJournal } from '../src/server/db/schema';
import { startServer } from './support/harness';

const CUSTODY_KEY: Hex = `0x${'7b'.repeat(32)}`;
const BATCH = 100;
const credit = {
  projectName: 'Bench Reforestation', projectId: 'bench-1', verificationBody: 'Verra VCS', vintageYear: 2024,
  mrvDataUrl: 'urn:carbonledger:mrv:BENCH', gpsLocation: '-3.4653,-62.2159', quantityTonnes: 10,
};

/** Mints `operations` lots in batches on a fresh chain, retiring the first batch right away; returns the journal. */
async function syntheticJournal(operations: number): Promise<{ entries: ChainJournalEntry[]; firstRetirement: Hex }> {
  const entries: ChainJournalEntry[] = [];
  const chain = await startEmbeddedChain({ privateKey: CUSTODY_KEY, journal: { record: (entry) => void entries.push(entry) } });
  let firstRetirement: Hex | null = null;
  for (let done = 0; done < operations; done += BATCH) {
    const size = Math.min(BATCH, operations - done);
    const { tokenIds } = await chain.mintBatch(Array.from({ length: size }, (_, i) => ({ ...credit, tokenUri: `urn:carbonledger:holding:${done + i + 1}` })));
    if (!firstRetirement) firstRetirement = (await chain.retireBatch(tokenIds.map((tokenId) => ({ tokenId, reason: 'Bench' })))).txHash;
  }
  await chain.close();
  return { entries, firstRetirement: firstRetirement! };
}

async function storeJournal(dataDir: string, entries: ChainJournalEntry[]): Promise<void> {
  const deps = await createAppDeps(loadConfig({ DATA_DIR: dataDir, CHAIN_ENABLED: 'false', LOG_LEVEL: 'silent' }));
  for (let i = 0; i < entries.length; i += 500) {
    await deps.db.insert(chainJournal).values(entries.slice(i, i + 500).map((entry) => ({ source: 'embedded', ...entry })));
  }
  await closeAppDeps(deps);
}

async function rpc(baseUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(`${baseUrl}/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

async function restartTime(operations: number): Promise<void> {
  let startedMs = performance.now();
  const { entries, firstRetirement } = await syntheticJournal(operations);
  const generateMs = performance.now() - startedMs;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carbon-restart-bench-'));
  try {
    await storeJournal(dataDir, entries);
    startedMs = performance.now();
    const server = await startServer('bench/support/bench-server.ts', { BENCH_DATA_DIR: dataDir, CHAIN_ENABLED: 'true', CHAIN_PRIVATE_KEY: CUSTODY_KEY, CHAIN_TIMEOUT_MS: '60000' });
    try {
      const readyMs = performance.now() - startedMs;
      if ((await fetch(`${server.baseUrl}/api/projects`)).status !== 200) throw new Error('/api/projects did not answer 200');
      const receipt = (await rpc(server.baseUrl, 'eth_getTransactionReceipt', [firstRetirement])) as { status: string; to: Hex; blockNumber: Hex };
      const transaction = (await rpc(server.baseUrl, 'eth_getTransactionByHash', [firstRetirement])) as { hash: string } | null;
      const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'getCreditDetails', args: [1n] });
      // Retired at the retirement's own block; the contract makes retirement permanent, so it is retired for good.
      const details = decodeFunctionResult({ abi: carbonCreditAbi, functionName: 'getCreditDetails', data: (await rpc(server.baseUrl, 'eth_call', [{ to: receipt.to, data }, receipt.blockNumber])) as Hex });
      const verifiedMs = performance.now() - startedMs;
      if (receipt.status !== '0x1' || transaction?.hash !== firstRetirement || !details.isRetired) throw new Error('the first certificate did not verify');
      // Latest-state reads wait for the whole replay (each up to CHAIN_TIMEOUT_MS): ask until one answers.
      while (!(await rpc(server.baseUrl, 'eth_blockNumber', []).then(() => true, () => false)));
      const syncedMs = performance.now() - startedMs;
      console.log(`restart with ${operations} anchored operations (${entries.length} journal rows): listening after ${(readyMs / 1000).toFixed(1)} s, ` +
        `/api/projects served and the first certificate verified through /rpc ${(verifiedMs / 1000).toFixed(1)} s after start (target 10 s); ` +
        `chain state fully replayed ${(syncedMs / 1000).toFixed(1)} s after start; generating the journal took ${(generateMs / 1000).toFixed(0)} s, ${Math.round(operations / (generateMs / 1000))} anchoring ops/s`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const sizes = (process.env.BENCH_RESTART_OPERATIONS ?? '10000,100000').split(',').map(Number);
  for (const operations of sizes) await restartTime(operations);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
