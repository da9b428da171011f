import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { carbonCreditAbi } from '@/server/chain/carbon-credit-abi';
import { loadCarbonCreditArtifact } from '@/server/chain/contract-artifact';
import { startEmbeddedChain, type ChainEngine } from '@/server/chain/embedded-chain';
import type { ChainJournalEntry } from '@/server/chain/transaction-sender';
import { sampleCredit } from './chain-test-kit';

beforeAll(() => loadCarbonCreditArtifact(), 60_000);

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});
function freshDirectory(): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'carbon-chain-store-'));
  directories.push(directory);
  return directory;
}

function memoryJournal() {
  const entries: ChainJournalEntry[] = [];
  return { entries, record: (entry: ChainJournalEntry) => void entries.push(entry) };
}

const lots = (count: number, from = 0) => Array.from({ length: count }, (_, i) => ({ ...sampleCredit, tokenUri: `urn:carbonledger:holding:${from + i}` }));

async function totalSupplyAt(request: (args: { method: string; params?: unknown }) => Promise<unknown>, contract: Hex, block: bigint | 'latest') {
  const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'totalSupply' });
  const tag = block === 'latest' ? block : `0x${block.toString(16)}`;
  const result = (await request({ method: 'eth_call', params: [{ to: contract, data }, tag] })) as Hex;
  return decodeFunctionResult({ abi: carbonCreditAbi, functionName: 'totalSupply', data: result });
}

/** A small journal: the deployment, two batches of mints, a retirement, a split, one reverted retirement. */
async function writeJournal(engine: ChainEngine, storeDirectory?: string, firstBatch = 5) {
  const journal = memoryJournal();
  const chain = await startEmbeddedChain({ engine, storeDirectory, journal });
  const first = await chain.mintBatch(lots(firstBatch));
  await chain.mintBatch(lots(3, 5));
  await chain.retire(first.tokenIds[0], 'Offset');
  await chain.split(first.tokenIds[1], 4);
  await expect(chain.retire(first.tokenIds[0], 'Twice')).rejects.toThrow();
  await chain.close();
  return { journal: journal.entries, contractAddress: chain.contractAddress, firstMint: first };
}

/** Receipts and blocks of every journaled transaction, as the node answers them (block hashes aside: genesis differs). */
async function history(request: (args: { method: string; params?: unknown }) => Promise<unknown>, journal: ChainJournalEntry[]) {
  const rows = [];
  for (const entry of journal) {
    const receipt = (await request({ method: 'eth_getTransactionReceipt', params: [entry.txHash] })) as Record<string, unknown> & { logs: Record<string, unknown>[] };
    const block = (await request({ method: 'eth_getBlockByNumber', params: [receipt.blockNumber, false] })) as { timestamp: string; number: string };
    const tx = (await request({ method: 'eth_getTransactionByHash', params: [entry.txHash] })) as Record<string, unknown>;
    rows.push({
      hash: receipt.transactionHash, status: receipt.status, gasUsed: receipt.gasUsed, cumulativeGasUsed: receipt.cumulativeGasUsed,
      blockNumber: receipt.blockNumber, contractAddress: receipt.contractAddress, from: receipt.from, to: receipt.to,
      logsBloom: receipt.logsBloom, type: receipt.type,
      logs: receipt.logs.map(({ address, topics, data, logIndex, transactionIndex }) => ({ address, topics, data, logIndex, transactionIndex })),
      timestamp: block.timestamp,
      tx: { hash: tx.hash, nonce: tx.nonce, input: tx.input, gas: tx.gas, from: tx.from, to: tx.to, r: tx.r, s: tx.s, blockNumber: tx.blockNumber },
    });
  }
  return rows;
}

describe('the persistent chain engine', () => {
  it('answers the same receipts, transactions, block numbers and times as EDR for the same journal', async () => {
    const { journal } = await writeJournal('edr');
    const edr = await startEmbeddedChain({ engine: 'edr', replay: journal });
    const persistent = await startEmbeddedChain({ engine: 'persistent', replay: journal });
    try {
      const fromEdr = await history(edr.nodeRequest, journal);
      expect(fromEdr.map((row) => row.status)).toEqual(['0x1', '0x1', '0x1', '0x1', '0x1', '0x0']);
      expect(await history(persistent.nodeRequest, journal)).toEqual(fromEdr);
      expect(persistent.contractAddress).toBe(edr.contractAddress);
      expect(await persistent.totalSupply()).toBe(await edr.totalSupply());
    } finally {
      await edr.close();
      await persistent.close();
    }
  });

  it('reopens its store with the same latest state and old receipts, without executing the journal again', async () => {
    const directory = freshDirectory();
    const { journal, contractAddress, firstMint } = await writeJournal('persistent', directory);
    const before = await startEmbeddedChain({ engine: 'persistent', storeDirectory: directory, replay: journal });
    const receiptBefore = await before.nodeRequest({ method: 'eth_getTransactionReceipt', params: [firstMint.txHash] });
    const headBefore = await before.nodeRequest({ method: 'eth_getBlockByNumber', params: ['latest', false] });
    await before.close();

    // The raw transactions after the deployment (which gives the contract's address) are unusable: had the store
    // executed the journal again, it could not have.
    const hashesOnly = journal.map((entry, i) => (i === 0 ? entry : { ...entry, rawTransaction: '0x00' as Hex }));
    const reopened = await startEmbeddedChain({ engine: 'persistent', storeDirectory: directory, replay: hashesOnly });
    try {
      await reopened.synced();
      expect(reopened.replayStatus()).toMatchObject({ state: 'done', entries: journal.length, replayed: journal.length });
      expect(reopened.contractAddress).toBe(contractAddress.toLowerCase());
      expect(await reopened.nodeRequest({ method: 'eth_getBlockByNumber', params: ['latest', false] })).toEqual(headBefore);
      expect(await reopened.nodeRequest({ method: 'eth_getTransactionReceipt', params: [firstMint.txHash] })).toEqual(receiptBefore);
      expect(await reopened.getCreditDetails(firstMint.tokenIds[0])).toMatchObject({ isRetired: true, retirementReason: 'Offset' });
      expect(await reopened.totalSupply()).toBe(9n);
      const next = await reopened.mintBatch(lots(2, 100));
      expect(next.tokenIds).toEqual([10, 11]);
    } finally {
      await reopened.close();
    }
  });

  it('answers eth_call at an old block with that block\'s state', async () => {
    const directory = freshDirectory();
    const { journal, contractAddress, firstMint } = await writeJournal('persistent', directory);
    const chain = await startEmbeddedChain({ engine: 'persistent', storeDirectory: directory, replay: journal });
    try {
      const mintBlock = ((await chain.nodeRequest({ method: 'eth_getTransactionReceipt', params: [firstMint.txHash] })) as { blockNumber: Hex }).blockNumber;
      expect(await totalSupplyAt(chain.publicRequest, contractAddress, BigInt(mintBlock) - 1n)).toBe(0n);
      expect(await totalSupplyAt(chain.publicRequest, contractAddress, BigInt(mintBlock))).toBe(5n);
      expect(await totalSupplyAt(chain.publicRequest, contractAddress, 'latest')).toBe(9n);
      const code = await chain.publicRequest({ method: 'eth_getCode', params: [contractAddress, '0x0'] });
      expect(code).toBe('0x');
    } finally {
      await chain.close();
    }
  });

  it('rolls back a block the journal never recorded, and reports a store further ahead as a divergence', async () => {
    const directory = freshDirectory();
    const { journal } = await writeJournal('persistent', directory);
    const shortJournal = journal.slice(0, -1);
    const rolledBack = await startEmbeddedChain({ engine: 'persistent', storeDirectory: directory, replay: shortJournal });
    await rolledBack.synced();
    expect(rolledBack.replayStatus()).toMatchObject({ state: 'done', replayed: shortJournal.length });
    expect(await rolledBack.nodeRequest({ method: 'eth_blockNumber' })).toBe(`0x${shortJournal.length.toString(16)}`);
    expect(await rolledBack.nodeRequest({ method: 'eth_getTransactionReceipt', params: [journal.at(-1)!.txHash] })).toBeNull();
    await rolledBack.close();

    const diverged = await startEmbeddedChain({ engine: 'persistent', storeDirectory: directory, replay: journal.slice(0, -3), replayInBackground: true });
    await expect(diverged.synced()).rejects.toThrow(/holds 2 blocks past the journal/);
    expect(diverged.replayStatus()).toMatchObject({ state: 'diverged', divergence: { entryIndex: journal.length - 3 } });
    await diverged.close();

    const other = await writeJournal('edr', undefined, 2);
    const mismatched = await startEmbeddedChain({ engine: 'persistent', storeDirectory: directory, replay: [journal[0], ...other.journal.slice(1)], replayInBackground: true });
    await expect(mismatched.synced()).rejects.toThrow(/diverged at journal entry 1/);
    expect(mismatched.replayStatus().state).toBe('diverged');
    await mismatched.close();
  });

  it('reopens consistently after a kill -9 in the middle of writing blocks', { timeout: 120_000 }, async () => {
    const directory = freshDirectory();
    const journalFile = path.join(directory, 'journal.jsonl');
    const readJournal = (): ChainJournalEntry[] =>
      existsSync(journalFile) ? readFileSync(journalFile, 'utf8').split('\n').filter((line) => line.endsWith('}')).map((line) => JSON.parse(line)) : [];
    for (const journaledBeforeKill of [4, 9]) {
      const writer = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'persistent-engine-writer.ts'), path.join(directory, 'store'), journalFile], { stdio: 'ignore' });
      while (readJournal().length < journaledBeforeKill) await new Promise((resolve) => setTimeout(resolve, 20));
      // Somewhere inside the next block: executing, writing state, receipt or head.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 150));
      writer.kill('SIGKILL');
      await new Promise((resolve) => writer.once('exit', resolve));
    }
    const journal = readJournal();
    const chain = await startEmbeddedChain({ engine: 'persistent', storeDirectory: path.join(directory, 'store'), replay: journal });
    try {
      await chain.synced();
      expect(chain.replayStatus()).toMatchObject({ state: 'done', replayed: journal.length });
      expect(await chain.nodeRequest({ method: 'eth_blockNumber' })).toBe(`0x${journal.length.toString(16)}`);
      expect(await chain.totalSupply()).toBe(BigInt(20 * (journal.length - 1)));
      const next = await chain.mintBatch(lots(1, 1000));
      expect(next.tokenIds).toEqual([20 * (journal.length - 1) + 1]);
    } finally {
      await chain.close();
    }
  });
});
