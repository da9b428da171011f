// Measurement scripts behind docs/chain.md's engine comparison (issue 26); see README.md beside them.
const ROOT = new URL('../../', import.meta.url).pathname;
const WORK = process.env.ENGINE_WORK_DIR ?? '/tmp/carbon-chain-engines';
// Builds a synthetic journal: the CarbonCredit deployment + N mintCarbonCreditBatch txs of 200 record mints each,
// signed (EIP-1559, chain 80002) by Hardhat's dev key #0 exactly like the embedded chain's sender does (gas = 3M per
// item, maxFee 1 gwei, tip 0). One tx per block, block timestamps 1 s apart.
// Usage: node gen-journal.mjs <batches>   -> journal-<batches>.json
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';

const require = createRequire(ROOT + 'package.json');
const { encodeDeployData, encodeFunctionData, keccak256 } = require('viem');
const { privateKeyToAccount } = require('viem/accounts');

const batches = Number(process.argv[2] ?? 50);
const BATCH = 200;
const artifact = JSON.parse(readFileSync(ROOT + 'build/contracts/CarbonCredit.json', 'utf8'));
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const fees = { maxFeePerGas: 1_000_000_000n, maxPriorityFeePerGas: 0n };
const sample = {
  projectName: 'Amazon Rainforest Conservation', projectId: 'proj-amazon-001', verificationBody: 'Verra VCS',
  vintageYear: 2024n, mrvDataUrl: 'ipfs://QmMrvReportAmazon', gpsLocation: '-3.4653,-62.2159',
};
const entries = [];
const t0 = 1_750_000_000;
let nonce = 0;
const deployData = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: [account.address] });
const deployRaw = await account.signTransaction({ type: 'eip1559', chainId: 80002, nonce: nonce++, data: deployData, gas: 10_000_000n, ...fees });
entries.push({ rawTransaction: deployRaw, txHash: keccak256(deployRaw), blockTimestamp: t0, kind: 'deploy' });
const contract = '0x' + keccak256(`0xd694${account.address.slice(2).toLowerCase()}80`).slice(-40); // nonce 0
let recordId = 1n;
for (let b = 0; b < batches; b++) {
  const requests = Array.from({ length: BATCH }, () => ({ provenance: 0n, quantity: 100n, recordId: recordId++ }));
  const data = encodeFunctionData({ abi: artifact.abi, functionName: 'mintCarbonCreditBatch', args: [account.address, [sample], requests, []] });
  const raw = await account.signTransaction({ type: 'eip1559', chainId: 80002, nonce: nonce++, to: contract, data, gas: 3_000_000n * BigInt(BATCH), ...fees });
  entries.push({ rawTransaction: raw, txHash: keccak256(raw), blockTimestamp: t0 + 1 + b, kind: 'mint' });
}
writeFileSync(`${WORK}/journal-${batches}.json`, JSON.stringify({ contract, custody: account.address, entries }));
console.log(`journal-${batches}.json: ${entries.length} txs, contract ${contract}, raw mint tx ${(entries[1]?.rawTransaction.length - 2) / 2} bytes`);
