import type { Credit } from '../../../../shared/schemas/credit';

/** `Credit #12` by its on-chain token id; before the token is minted, by the holding id. */
export function creditLabel(credit: Pick<Credit, 'id' | 'tokenId'>): string {
  return `Credit #${credit.tokenId ?? credit.id}`;
}
