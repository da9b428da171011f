import { pad, parseEventLogs, toEventSelector, toHex, type Hex, type Log } from 'viem';
import { carbonCreditAbi } from './carbon-credit-abi.js';
import type { CarbonCreditChain } from './carbon-credit.js';

const CREDIT_RETIRED_TOPIC = toEventSelector('CreditRetired(uint256,address,string)');

/**
 * The token a journaled mint or split created, read back from its receipt on the (replayed) chain; null when the
 * receipt is missing or carries no such event.
 */
export async function tokenCreatedBy(chain: CarbonCreditChain, txHash: string): Promise<number | null> {
  const receipt = (await chain.request({ method: 'eth_getTransactionReceipt', params: [txHash] })) as { logs: Log[] } | null;
  if (!receipt) return null;
  for (const event of parseEventLogs({ abi: carbonCreditAbi, logs: receipt.logs })) {
    if (event.eventName === 'CreditMinted') return Number(event.args.tokenId);
    if (event.eventName === 'CreditSplit') return Number(event.args.newTokenId);
  }
  return null;
}

/** The transaction that retired `tokenId`, from its CreditRetired event; null when the chain has none. */
export async function retirementTxOf(chain: CarbonCreditChain, tokenId: number): Promise<Hex | null> {
  const logs = (await chain.request({
    method: 'eth_getLogs',
    params: [{ address: chain.contractAddress, fromBlock: '0x0', toBlock: 'latest', topics: [CREDIT_RETIRED_TOPIC, pad(toHex(tokenId))] }],
  })) as { transactionHash: Hex }[];
  return logs.at(-1)?.transactionHash ?? null;
}
