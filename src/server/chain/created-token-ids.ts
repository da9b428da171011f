import { getAbiItem, toEventSelector, type Hex } from 'viem';
import { carbonCreditAbi } from './carbon-credit-abi';

const CREDIT_MINTED = toEventSelector(getAbiItem({ abi: carbonCreditAbi, name: 'CreditMinted' }));
const CREDIT_SPLIT = toEventSelector(getAbiItem({ abi: carbonCreditAbi, name: 'CreditSplit' }));

/**
 * The tokens a mint or split transaction created, in the order the contract created them (its CreditMinted and
 * CreditSplit events): a batch's ids line up with its requests. The ids are indexed topics, so they are read from the
 * topics alone: decoding every event of a batch in full took a tenth of the anchoring's CPU.
 */
export function createdTokenIds(logs: readonly { topics: readonly Hex[] | readonly [] }[]): number[] {
  const tokenIds: number[] = [];
  for (const { topics } of logs) {
    if (topics[0] === CREDIT_MINTED && topics[1]) tokenIds.push(Number(BigInt(topics[1])));
    else if (topics[0] === CREDIT_SPLIT && topics[2]) tokenIds.push(Number(BigInt(topics[2])));
  }
  return tokenIds;
}
