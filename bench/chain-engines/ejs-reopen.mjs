// Measurement scripts behind docs/chain.md's engine comparison (issue 26); see README.md beside them.
const ROOT = new URL('../../', import.meta.url).pathname;
const WORK = process.env.ENGINE_WORK_DIR ?? '/tmp/carbon-chain-engines';
// Fresh process: reopens the persistent @ethereumjs chain written by ejs-run.mjs and, without replaying anything,
// answers the latest state (totalSupply at the head's state root), a historical call (getCreditDetails(1) and
// totalSupply at block 2's state root), the first mint's receipt and transaction by hash; with --resume it then
// executes and persists one more 200-mint batch (anchoring resumes).
// Usage: node ejs-reopen.mjs <journalBatches> [dbDir=WORK/db] [--resume]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const startedAt = performance.now(); // ~ process start + module loading of this file only
const { openChain, rssMB, hexToBytes, CUSTODY } = await import('./ejs-common.mjs');
const { RLP } = await import('@ethereumjs/rlp');
const { createAddressFromString, bytesToHex, bytesToBigInt, bytesToInt } = await import('@ethereumjs/util');
const { createTxFromRLP } = await import('@ethereumjs/tx');
const { buildBlock } = await import('@ethereumjs/vm');
const require = createRequire(ROOT + 'package.json');
const { encodeFunctionData, decodeFunctionResult } = require('viem');
const { privateKeyToAccount } = require('viem/accounts');
const artifact = JSON.parse(readFileSync(ROOT + 'build/contracts/CarbonCredit.json', 'utf8'));

const batches = Number(process.argv[2] ?? 250);
const dir = process.argv[3] && !process.argv[3].startsWith('--') ? process.argv[3] : WORK + '/db';
const { contract, entries } = JSON.parse(readFileSync(`${WORK}/journal-${batches}.json`, 'utf8'));
const ms = () => `${(performance.now() - startedAt).toFixed(1)} ms`;
const sinceProcessStart = () => `${(performance.now()).toFixed(0)} ms since process start`;
console.log(`modules loaded: ${ms()} (${sinceProcessStart()})`);

const chain = await openChain(dir);
const { vm, blockchain, common, receiptsLevel } = chain;
const head = await blockchain.getCanonicalHeadBlock();
console.log(`opened, head #${head.header.number}: ${ms()}, rss ${rssMB()} MB`);

const to = createAddressFromString(contract);
const caller = createAddressFromString(CUSTODY);
async function call(evm, fn, args, block) {
  const data = hexToBytes(encodeFunctionData({ abi: artifact.abi, functionName: fn, args }));
  const { execResult } = await evm.runCall({ to, caller, data, gasLimit: 30_000_000n, block });
  if (execResult.exceptionError) throw new Error(`${fn} reverted`);
  return decodeFunctionResult({ abi: artifact.abi, functionName: fn, data: bytesToHex(execResult.returnValue) });
}
let s = performance.now();
console.log(`latest totalSupply() = ${await call(vm.evm, 'totalSupply', [], head)}: ${ms()} (call ${(performance.now() - s).toFixed(1)} ms)`);

// Historical: a copy of the VM whose state manager points at block 2's state root.
s = performance.now();
const old = await blockchain.getBlock(2);
const oldVm = await vm.shallowCopy();
await oldVm.stateManager.setStateRoot(old.header.stateRoot);
const supplyThen = await call(oldVm.evm, 'totalSupply', [], old);
const details = await call(oldVm.evm, 'getCreditDetails', [1n], old);
console.log(`@block 2: totalSupply() = ${supplyThen}, getCreditDetails(1).projectName = ${details.projectName}: ${ms()} (${(performance.now() - s).toFixed(1)} ms)`);
s = performance.now();
const mid = await blockchain.getBlock(Math.floor(Number(head.header.number) / 2));
await oldVm.stateManager.setStateRoot(mid.header.stateRoot);
console.log(`@block ${mid.header.number}: totalSupply() = ${await call(oldVm.evm, 'totalSupply', [], mid)} (${(performance.now() - s).toFixed(1)} ms)`);

// Receipt and transaction of the first mint, from the own receipt store + the blockchain's block bodies.
s = performance.now();
const firstMint = hexToBytes(entries[1].txHash);
const [blockNumber, blockHash, txIndex, gasUsed, status, , logs] = RLP.decode(await receiptsLevel.get(firstMint));
const block = await blockchain.getBlock(blockHash);
const tx = block.transactions[bytesToInt(txIndex)];
console.log(`receipt(first mint): block ${bytesToBigInt(blockNumber)}, status ${bytesToInt(status)}, gasUsed ${bytesToBigInt(gasUsed)}, ${logs.length} logs; tx by hash matches: ${bytesToHex(tx.hash()) === entries[1].txHash}: ${ms()} (${(performance.now() - s).toFixed(1)} ms)`);
console.log(`rss ${rssMB()} MB`);

if (process.argv.includes('--resume')) {
  s = performance.now();
  const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
  const nonce = (await vm.stateManager.getAccount(caller)).nonce;
  const requests = Array.from({ length: 200 }, (_, i) => ({ provenance: 0n, quantity: 100n, recordId: 10_000_000n + nonce * 200n + BigInt(i) }));
  const sample = { projectName: 'Resume', projectId: 'r-1', verificationBody: 'Verra VCS', vintageYear: 2024n, mrvDataUrl: 'ipfs://x', gpsLocation: '0,0' };
  const data = encodeFunctionData({ abi: artifact.abi, functionName: 'mintCarbonCreditBatch', args: [account.address, [sample], requests, []] });
  const raw = await account.signTransaction({ type: 'eip1559', chainId: 80002, nonce: Number(nonce), to: contract, data, gas: 600_000_000n, maxFeePerGas: 1_000_000_000n, maxPriorityFeePerGas: 0n });
  const builder = await buildBlock(vm, { parentBlock: head, headerData: { timestamp: head.header.timestamp + 1n, gasLimit: 2_000_000_000n } });
  const result = await builder.addTransaction(createTxFromRLP(hexToBytes(raw), { common }));
  const { block: next } = await builder.build();
  await chain.stateDb.persistReachable?.(next.header.stateRoot);
  console.log(`resumed: block #${next.header.number} with 200 mints (gas ${result.totalGasSpent}, ${result.execResult.exceptionError ? 'failed' : 'ok'}) in ${(performance.now() - s).toFixed(0)} ms; totalSupply now ${await call(vm.evm, 'totalSupply', [], next)}: ${ms()}`);
}
await chain.close();
