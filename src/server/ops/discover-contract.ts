import { createPublicClient, getContractAddress, http, keccak256, toBytes, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { carbonCreditAbi } from '@/server/chain/carbon-credit-abi';

/**
 * The CarbonCredit contract that the custody key deployed as its very first transaction (nonce 0), if the node has
 * it and the key is its minter: what `npm run chain` deploys at its first start. App instances pointed at that node
 * without CHAIN_CONTRACT_ADDRESS use it instead of each deploying a contract of their own.
 */
export async function discoverCustodyContract(rpcUrl: string, privateKey: Hex): Promise<Address | undefined> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 2 }) });
  const custody = privateKeyToAccount(privateKey).address;
  const address = getContractAddress({ from: custody, nonce: 0n });
  const code = await client.getCode({ address });
  if (!code || code === '0x') return undefined;
  const minterRole = keccak256(toBytes('MINTER_ROLE'));
  const isMinter = await client.readContract({ address, abi: carbonCreditAbi, functionName: 'hasRole', args: [minterRole, custody] }).catch(() => false);
  return isMinter ? address : undefined;
}
