import { parseEventLogs, type Log } from 'viem';
import { carbonCreditAbi } from './carbon-credit-abi.js';

/**
 * The tokens a mint or split transaction created, in the order the contract created them (its CreditMinted and
 * CreditSplit events): a batch's ids line up with its requests.
 */
export function createdTokenIds(logs: readonly Log[]): number[] {
  const tokenIds: number[] = [];
  for (const event of parseEventLogs({ abi: carbonCreditAbi, logs: logs as Log[] })) {
    if (event.eventName === 'CreditMinted') tokenIds.push(Number(event.args.tokenId));
    if (event.eventName === 'CreditSplit') tokenIds.push(Number(event.args.newTokenId));
  }
  return tokenIds;
}
