// Measurement scripts behind docs/chain.md's engine comparison (issue 26); see README.md beside them.
const ROOT = new URL('../../', import.meta.url).pathname;
const WORK = process.env.ENGINE_WORK_DIR ?? '/tmp/carbon-chain-engines';
// EDR (Hardhat 2.28.6 from the repository's node_modules): replays journal-<batches>.json into a fresh in-process chain the way
// replay-transactions.ts does (evm_setNextBlockTimestamp, eth_sendRawTransaction, eth_getTransactionReceipt, one tx a
// block), then times historical reads. Usage: node --expose-gc edr-bench.mjs <batches>
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

const require = createRequire(ROOT + 'package.json');
const { encodeFunctionData, decodeFunctionResult, toHex } = require('viem');
const artifact = JSON.parse(readFileSync(ROOT + 'build/contracts/CarbonCredit.json', 'utf8'));
const batches = Number(process.argv[2] ?? 50);
const { contract, custody, entries } = JSON.parse(readFileSync(`${WORK}/journal-${batches}.json`, 'utf8'));
const mb = () => Math.round(process.memoryUsage().rss / 1048576);
const gc = () => globalThis.gc?.();

const rss0 = mb();
let t = performance.now();
const { resolveConfig } = require('hardhat/internal/core/config/config-resolution');
const { createProvider } = require('hardhat/internal/core/providers/construction');
const configPath = ROOT + 'hardhat.config.cjs';
const config = resolveConfig(configPath, require(configPath));
config.networks.hardhat.initialDate = new Date((entries[0].blockTimestamp - 60) * 1000).toISOString();
const provider = await createProvider(config, 'hardhat');
const request = (method, params = []) => provider.request({ method, params });
await request('hardhat_setBalance', [custody, toHex(10n ** 24n)]);
console.log(`provider up in ${(performance.now() - t).toFixed(0)} ms, rss ${rss0} -> ${mb()} MB`);

t = performance.now();
let gasUsed = 0n;
let lastReport = t;
const reference = []; // per tx: gasUsed, status, sha256 of the logs (address, topics, data) for ejs-run.mjs to compare
for (let i = 0; i < entries.length; i++) {
  const e = entries[i];
  await request('evm_setNextBlockTimestamp', [toHex(e.blockTimestamp)]);
  const hash = await request('eth_sendRawTransaction', [e.rawTransaction]);
  if (hash !== e.txHash) throw new Error(`hash mismatch at ${i}: ${hash} vs ${e.txHash}`);
  const receipt = await request('eth_getTransactionReceipt', [hash]);
  if (receipt.status !== '0x1') throw new Error(`tx ${i} failed`);
  gasUsed += BigInt(receipt.gasUsed);
  reference.push({ gasUsed: BigInt(receipt.gasUsed).toString(), logs: receipt.logs.length, logsHash: createHash('sha256').update(JSON.stringify(receipt.logs.map((l) => [l.address.toLowerCase(), l.topics, l.data]))).digest('hex') });
  if (process.env.EDR_VERBOSE) console.log(`    tx ${i}: rss ${mb()} MB`);
  if (i % 50 === 0 && i > 0) {
    const now = performance.now();
    console.log(`  ${i} txs (${i * 200} mints): ${((now - t) / 1000).toFixed(1)} s, last 50 batches ${((now - lastReport) / 1000).toFixed(2)} s, rss ${mb()} MB`);
    lastReport = now;
  }
}
const execMs = performance.now() - t;
writeFileSync(`${WORK}/edr-receipts-${batches}.json`, JSON.stringify(reference));
const ops = (entries.length - 1) * 200;
gc();
await new Promise((r) => setTimeout(r, 500));
console.log(`executed ${entries.length} txs (${ops} mints) in ${(execMs / 1000).toFixed(2)} s = ${Math.round(ops / (execMs / 1000))} mints/s; gas/mint ${Number(gasUsed / BigInt(ops))}; rss after ${mb()} MB (heap ${Math.round(process.memoryUsage().heapUsed / 1048576)} MB)`);

const call = async (fn, args, block) => {
  const data = encodeFunctionData({ abi: artifact.abi, functionName: fn, args });
  const out = await request('eth_call', [{ to: contract, data }, block]);
  return decodeFunctionResult({ abi: artifact.abi, functionName: fn, data: out });
};
const timed = async (label, fn) => {
  const s = performance.now();
  const r = await fn();
  console.log(`  ${label}: ${(performance.now() - s).toFixed(1)} ms -> ${typeof r === 'object' ? JSON.stringify(r, (k, v) => (typeof v === 'bigint' ? v.toString() : v)).slice(0, 100) : r}`);
  return r;
};
await timed('eth_call totalSupply latest', () => call('totalSupply', [], 'latest'));
await timed('eth_call totalSupply @ block 2 (first mint)', () => call('totalSupply', [], '0x2'));
await timed('eth_call getCreditDetails(1) @ block 2', () => call('getCreditDetails', [1n], '0x2').then((d) => d.projectName));
await timed('eth_call getCreditDetails(1) @ block 2 (again)', () => call('getCreditDetails', [1n], '0x2').then((d) => d.projectName));
await timed('eth_getTransactionReceipt(first mint)', () => request('eth_getTransactionReceipt', [entries[1].txHash]).then((r) => `${r.blockNumber} logs=${r.logs.length}`));
await timed('eth_getTransactionByHash(first mint)', () => request('eth_getTransactionByHash', [entries[1].txHash]).then((r) => r.hash === entries[1].txHash));
await timed('eth_getBlockByNumber(2)', () => request('eth_getBlockByNumber', ['0x2', false]).then((b) => b.hash));
console.log(`final rss ${mb()} MB`);
process.exit(0);
