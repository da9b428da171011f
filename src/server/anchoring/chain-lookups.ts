import { pad, toEventSelector, toHex, type Hex } from 'viem';
import type { CarbonCreditChain } from '@/server/chain/carbon-credit';

const CREDIT_RETIRED_TOPIC = toEventSelector('CreditRetired(uint256,address,string)');

/** The transaction that retired `tokenId`, from its CreditRetired event; null when the chain has none. */
export async function retirementTxOf(chain: CarbonCreditChain, tokenId: number): Promise<Hex | null> {
  const logs = (await chain.request({
    method: 'eth_getLogs',
    params: [{ address: chain.contractAddress, fromBlock: '0x0', toBlock: 'latest', topics: [CREDIT_RETIRED_TOPIC, pad(toHex(tokenId))] }],
  })) as { transactionHash: Hex }[];
  return logs.at(-1)?.transactionHash ?? null;
}
