import { expect } from 'vitest';
import { createPublicClient, custom, encodeFunctionData, type Address, type ContractFunctionArgs, type ContractFunctionName, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { carbonCreditAbi } from '@/server/chain/carbon-credit-abi';
import type { CarbonCreditChain, MintCreditInput } from '@/server/chain/carbon-credit';
import { ChainCallError, contractRevertOf } from '@/server/chain/chain-call-error';

type WriteName = ContractFunctionName<typeof carbonCreditAbi, 'nonpayable'>;
type WriteArgs<N extends WriteName> = ContractFunctionArgs<typeof carbonCreditAbi, 'nonpayable', N>;

export const sampleCredit: MintCreditInput = {
  projectName: 'Amazon Rainforest Conservation',
  projectId: 'proj-amazon-001',
  verificationBody: 'Verra VCS',
  vintageYear: 2024,
  mrvDataUrl: 'ipfs://QmMrvReportAmazon',
  gpsLocation: '-3.4653,-62.2159',
  quantityTonnes: 100,
  tokenUri: 'https://example.test/metadata/proj-amazon-001.json',
};

/** A viem client that talks to the chain the way a browser does: through the adapter's public /rpc entry point. */
export function publicClientOf(chain: CarbonCreditChain): PublicClient {
  return createPublicClient({ transport: custom({ request: chain.request }, { retryCount: 0 }) });
}

export function randomAccount(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

/**
 * Signs and sends a contract call as `account` straight to the embedded node (/rpc refuses strangers' transactions).
 * Gas is free on the embedded chain (base fee 0), so a zero fee cap lets an unfunded account transact.
 */
export async function sendAs<N extends WriteName>(
  chain: CarbonCreditChain,
  account: PrivateKeyAccount,
  functionName: N,
  args: WriteArgs<N>,
) {
  const client = publicClientOf(chain);
  const data = encodeFunctionData({ abi: carbonCreditAbi, functionName, args } as never);
  const rawTransaction = await account.signTransaction({
    type: 'eip1559',
    chainId: chain.chainId,
    nonce: await client.getTransactionCount({ address: account.address }),
    to: chain.contractAddress,
    data,
    gas: 500_000n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
  });
  // /rpc only reads now: a stranger's transaction reaches the node directly, as another node's peer would send it.
  const node = (chain as { nodeRequest?: CarbonCreditChain['request'] }).nodeRequest;
  if (!node) throw new Error('sendAs needs an embedded chain (its nodeRequest)');
  const txHash = (await node({ method: 'eth_sendRawTransaction', params: [rawTransaction] })) as Hex;
  return Object.assign(await client.getTransactionReceipt({ hash: txHash }), { rawTransaction });
}

/** Runs a call as `from` without sending it and returns the decoded custom error it reverts with. */
export async function revertOf<N extends WriteName>(chain: CarbonCreditChain, from: Address, functionName: N, args: WriteArgs<N>) {
  const client = publicClientOf(chain);
  try {
    await client.simulateContract({ address: chain.contractAddress, abi: carbonCreditAbi, functionName, args, account: from } as never);
  } catch (error) {
    return contractRevertOf(error, carbonCreditAbi);
  }
  throw new Error(`${functionName} did not revert`);
}

/** Asserts that `promise` fails with the SPEC message and the given custom error and arguments. */
export async function expectChainError(promise: Promise<unknown>, message: string, name: string, args: readonly unknown[]) {
  const error = await promise.then(
    () => {
      throw new Error('expected a chain error');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChainCallError);
  expect((error as ChainCallError).message).toBe(message);
  expect((error as ChainCallError).contractError).toEqual({ name, args });
}
