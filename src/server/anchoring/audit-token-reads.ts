import { decodeFunctionResult, encodeFunctionData, getAddress, parseEventLogs, type Hex, type Log } from 'viem';
import { carbonCreditAbi } from '@/server/chain/carbon-credit-abi';
import { ChainCallError } from '@/server/chain/chain-call-error';
import type { CarbonCreditChain } from '@/server/chain/carbon-credit';

/** What the audit compares of one token. */
export interface TokenState {
  quantity: number;
  isRetired: boolean;
  rootTokenId: number;
  owner: Hex;
  tokenUri: string;
}

/** The token's state, or null when it does not exist on the chain. */
export async function readTokenState(chain: CarbonCreditChain, tokenId: number): Promise<TokenState | null> {
  try {
    const [details, owner, tokenUri] = await Promise.all([chain.getCreditDetails(tokenId), chain.ownerOf(tokenId), readTokenUri(chain, tokenId)]);
    return { quantity: details.quantityTonnes, isRetired: details.isRetired, rootTokenId: details.rootTokenId, owner: getAddress(owner), tokenUri };
  } catch (error) {
    if (error instanceof ChainCallError && error.contractError?.name === 'ERC721NonexistentToken') return null;
    throw error;
  }
}

async function readTokenUri(chain: CarbonCreditChain, tokenId: number): Promise<string> {
  const data = encodeFunctionData({ abi: carbonCreditAbi, functionName: 'tokenURI', args: [BigInt(tokenId)] });
  const result = (await chain.request({ method: 'eth_call', params: [{ to: chain.contractAddress, data }, 'latest'] })) as Hex;
  return decodeFunctionResult({ abi: carbonCreditAbi, functionName: 'tokenURI', data: result });
}

/** A retirement transaction as the chain has it: whether it succeeded and which tokens it retired. */
export interface RetirementReceipt {
  found: boolean;
  success: boolean;
  retiredTokenIds: Set<number>;
}

export async function readRetirementReceipt(chain: CarbonCreditChain, txHash: string): Promise<RetirementReceipt> {
  const receipt = (await chain.request({ method: 'eth_getTransactionReceipt', params: [txHash] })) as { status: Hex; logs: Log[] } | null;
  if (!receipt) return { found: false, success: false, retiredTokenIds: new Set() };
  const retired = parseEventLogs({ abi: carbonCreditAbi, logs: receipt.logs, eventName: 'CreditRetired' });
  return { found: true, success: receipt.status === '0x1', retiredTokenIds: new Set(retired.map((event) => Number(event.args.tokenId))) };
}
