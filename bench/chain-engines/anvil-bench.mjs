// Measurement scripts behind docs/chain.md's engine comparison (issue 26); see README.md beside them.
const ROOT = new URL('../../', import.meta.url).pathname;
const WORK = process.env.ENGINE_WORK_DIR ?? '/tmp/carbon-chain-engines';
// Feasibility of Anvil (Foundry 1.7.1, native binary from the npm package @foundry-rs/anvil, run as a child process):
// replays journal-<batches>.json, then stops it (state dumped with --state/--preserve-historical-states), restarts it
// from the dump and times the first answers. Usage: node anvil-bench.mjs <batches>
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(ROOT + 'package.json');
const { encodeFunctionData, decodeFunctionResult, toHex } = require('viem');
const ANVIL = WORK + '/anvil/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil';
const STATE = WORK + '/anvil/state.json';
const artifact = JSON.parse(readFileSync(ROOT + 'build/contracts/CarbonCredit.json', 'utf8'));
const batches = Number(process.argv[2] ?? 50);
const { contract, entries } = JSON.parse(readFileSync(`${WORK}/journal-${batches}.json`, 'utf8'));
const PORT = 18545 + Math.floor(Math.random() * 1000);
const rssOf = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
let id = 0;
async function rpc(method, params = []) {
  const res = await fetch(`http://127.0.0.1:${PORT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }), signal: AbortSignal.timeout(60_000) });
  if (process.env.ANVIL_DEBUG) console.log(`    ${method} -> ${res.status}`);
  const body = await res.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
function start() {
  const child = spawn(ANVIL, [
    '--port', String(PORT), '--chain-id', '80002', '--hardfork', 'cancun', '--block-base-fee-per-gas', '0', '--gas-limit', '2000000000',
    '--timestamp', String(entries[0].blockTimestamp - 60), '--state', STATE, '--preserve-historical-states', '--quiet',
  ], { stdio: ['ignore', 'ignore', 'inherit'] });
  return child;
}
async function ready(startedMs) {
  for (;;) {
    try { await rpc('eth_blockNumber'); return performance.now() - startedMs; } catch { await new Promise((r) => setTimeout(r, 10)); }
  }
}
const stop = (child) => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGINT'); });
const call = async (fn, args, block) => decodeFunctionResult({ abi: artifact.abi, functionName: fn, data: await rpc('eth_call', [{ to: contract, data: encodeFunctionData({ abi: artifact.abi, functionName: fn, args }) }, block]) });

rmSync(STATE, { force: true });
let t = performance.now();
let child = start();
process.on('exit', () => child.kill('SIGKILL'));
console.log(`anvil up in ${(await ready(t)).toFixed(0)} ms`);
t = performance.now();
for (let i = 0; i < entries.length; i++) {
  await rpc('evm_setNextBlockTimestamp', [toHex(entries[i].blockTimestamp)]);
  const hash = await rpc('eth_sendRawTransaction', [entries[i].rawTransaction]);
  if (hash !== entries[i].txHash) throw new Error(`hash differs at ${i}`);
  let receipt = await rpc('eth_getTransactionReceipt', [hash]);
  while (receipt === null) { await new Promise((r) => setTimeout(r, 2)); receipt = await rpc('eth_getTransactionReceipt', [hash]); }
  if (receipt.status !== '0x1') throw new Error(`tx ${i} failed`);
  if (i % 50 === 0 && i > 0) console.log(`  ${i} txs: ${((performance.now() - t) / 1000).toFixed(1)} s, anvil rss ${rssOf(child.pid)} MB`);
}
const ops = (entries.length - 1) * 200;
const execMs = performance.now() - t;
console.log(`executed ${ops} mints in ${(execMs / 1000).toFixed(2)} s = ${Math.round(ops / (execMs / 1000))} mints/s, anvil rss ${rssOf(child.pid)} MB`);
t = performance.now();
await stop(child);
console.log(`stopped + dumped in ${(performance.now() - t).toFixed(0)} ms, state file ${existsSync(STATE) ? (statSync(STATE).size / 1048576).toFixed(1) : '-'} MB`);

t = performance.now();
child = start();
const readyMs = await ready(t);
const latest = await call('totalSupply', [], 'latest');
const latestMs = performance.now() - t;
let old = 'n/a';
try { old = `${await call('totalSupply', [], '0x2')} / ${(await call('getCreditDetails', [1n], '0x2')).projectName}`; } catch (e) { old = `error: ${e.message.slice(0, 120)}`; }
let receipt = 'n/a';
try { const r = await rpc('eth_getTransactionReceipt', [entries[1].txHash]); receipt = r ? `block ${r.blockNumber}, ${r.logs.length} logs` : 'null'; } catch (e) { receipt = `error: ${e.message.slice(0, 120)}`; }
let txByHash = 'n/a';
try { txByHash = (await rpc('eth_getTransactionByHash', [entries[1].txHash]))?.hash === entries[1].txHash; } catch (e) { txByHash = `error: ${e.message.slice(0, 80)}`; }
console.log(`restart from dump: RPC up ${readyMs.toFixed(0)} ms, latest totalSupply ${latest} at ${latestMs.toFixed(0)} ms; head ${parseInt(await rpc('eth_blockNumber'), 16)}; @block 2: ${old}; receipt(first mint): ${receipt}; tx by hash ok: ${txByHash}; rss ${rssOf(child.pid)} MB`);
await stop(child);
