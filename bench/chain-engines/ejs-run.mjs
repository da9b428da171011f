// Measurement scripts behind docs/chain.md's engine comparison (issue 26); see README.md beside them.
const ROOT = new URL('../../', import.meta.url).pathname;
const WORK = process.env.ENGINE_WORK_DIR ?? '/tmp/carbon-chain-engines';
// @ethereumjs/vm 10.x with persistent LevelDB state: executes journal-<batches>.json (one tx a block, via buildBlock),
// storing blocks (blockchain package), state (MPT, no pruning = every historical root kept), and receipts + a
// txHash index (own store). Resumes from the stored head when the DB already holds part of the journal.
// Usage: node --expose-gc ejs-run.mjs <batches> [dbDir=WORK/db] [trieCacheSize=0]
import { readFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createTxFromRLP } from '@ethereumjs/tx';
import { buildBlock } from '@ethereumjs/vm';
import { RLP } from '@ethereumjs/rlp';
import { bytesToHex, bigIntToBytes, intToBytes } from '@ethereumjs/util';
import { openChain, dirSizeMB, rssMB, hexToBytes } from './ejs-common.mjs';

const batches = Number(process.argv[2] ?? 50);
const dir = process.argv[3] ?? WORK + '/db';
const cacheSize = Number(process.argv[4] ?? 0);
const refPath = `${WORK}/edr-receipts-${batches}.json`;
const reference = existsSync(refPath) ? JSON.parse(readFileSync(refPath, 'utf8')) : null;
let compared = 0;
const { entries } = JSON.parse(readFileSync(`${WORK}/journal-${batches}.json`, 'utf8'));

let t = performance.now();
const chain = await openChain(dir, { cacheSize });
const { vm, blockchain, common, receiptsLevel } = chain;
let parent = await blockchain.getCanonicalHeadBlock();
console.log(`opened in ${(performance.now() - t).toFixed(0)} ms at head #${parent.header.number}, rss ${rssMB()} MB`);

const startAt = Number(parent.header.number); // block n holds entry n-1
t = performance.now();
let last = t;
let peakRss = rssMB();
let hashMs = 0;
for (let i = startAt; i < entries.length; i++) {
  const e = entries[i];
  const raw = hexToBytes(e.rawTransaction);
  const tx = createTxFromRLP(raw, { common });
  let s = performance.now();
  const txHash = bytesToHex(tx.hash());
  hashMs += performance.now() - s;
  if (txHash !== e.txHash) throw new Error(`tx hash differs at ${i}: ${txHash} vs ${e.txHash}`);
  const builder = await buildBlock(vm, {
    parentBlock: parent,
    headerData: { timestamp: BigInt(e.blockTimestamp), gasLimit: 2_000_000_000n, coinbase: '0x0000000000000000000000000000000000000000' },
    blockOpts: { putBlockIntoBlockchain: true },
  });
  const result = await builder.addTransaction(tx);
  if (result.execResult.exceptionError) throw new Error(`tx ${i} failed: ${result.execResult.exceptionError.error}`);
  const { block } = await builder.build();
  const persisted = await chain.stateDb.persistReachable?.(block.header.stateRoot);
  if (i === startAt + 1 || (i + 1) % 50 === 0) console.log(`    block #${block.header.number}: trie nodes persisted`, persisted);
  const receipt = builder.transactionReceipts[0];
  // Own receipt store: txHash -> [blockNumber, blockHash, txIndex, gasUsed, status, cumulativeGas, logs]
  const value = RLP.encode([
    bigIntToBytes(block.header.number), block.hash(), intToBytes(0), bigIntToBytes(result.totalGasSpent),
    intToBytes(receipt.status), bigIntToBytes(receipt.cumulativeBlockGasUsed), receipt.logs,
  ]);
  await receiptsLevel.put(tx.hash(), value);
  if (reference) {
    const ref = reference[i];
    const logsHash = createHash('sha256').update(JSON.stringify(receipt.logs.map(([a, topics, data]) => [bytesToHex(a), topics.map(bytesToHex), bytesToHex(data)]))).digest('hex');
    if (ref.gasUsed !== String(result.totalGasSpent) || ref.logsHash !== logsHash) throw new Error(`tx ${i} differs from EDR: gas ${result.totalGasSpent} vs ${ref.gasUsed}, logs ${receipt.logs.length} vs ${ref.logs}`);
    compared++;
  }
  parent = block;
  if ((i + 1) % 50 === 0) {
    const now = performance.now();
    peakRss = Math.max(peakRss, rssMB());
    console.log(`  ${i + 1} txs: ${((now - t) / 1000).toFixed(1)} s, last 50 ${((now - last) / 1000).toFixed(2)} s (${Math.round(10000 / ((now - last) / 1000))} mints/s), gas/tx ${result.totalGasSpent}, rss ${rssMB()} MB`);
    last = now;
  }
}
const execMs = performance.now() - t;
const ops = (entries.length - startAt - 1) * 200;
globalThis.gc?.();
if (reference) console.log(`${compared} receipts identical to EDR's (gasUsed, logs)`);
console.log(`executed ${entries.length - startAt} txs (~${ops} mints) in ${(execMs / 1000).toFixed(2)} s = ${Math.round(ops / (execMs / 1000))} mints/s; tx hashing ${hashMs.toFixed(0)} ms; peak rss ${peakRss} MB, rss after gc ${rssMB()} MB; head #${parent.header.number} root ${bytesToHex(parent.header.stateRoot).slice(0, 18)}…`);
if (globalThis.dbGets) console.log('db gets', globalThis.dbGets, 'trie db stats', JSON.stringify(chain.stateManager['_trie']['_db'].stats?.()));
await chain.close();
console.log(`disk: state ${dirSizeMB(dir + '/state').toFixed(1)} MB, chain ${dirSizeMB(dir + '/chain').toFixed(1)} MB, receipts ${dirSizeMB(dir + '/receipts').toFixed(1)} MB`);
