import type { Address } from 'viem';
import type { AnchoredHolding } from './audit-queries';
import type { RetirementReceipt, TokenState } from './audit-token-reads';
import { holdingUri } from './plan-anchor';

export type MismatchKind = 'missing-token' | 'tonnes' | 'retired' | 'lineage' | 'owner' | 'record' | 'certificate-tx' | 'token' | 'serials';

/** One disagreement between the ledger and the chain (or within the ledger), with both sides' values. */
export interface ChainMismatch {
  kind: MismatchKind;
  holdingId: number;
  tokenId: number | null;
  expected: string;
  actual: string;
}

/**
 * Every way a holding's token disagrees with the holding: it must exist, be held by the custodian, descend from the
 * token of the lot's issuance, hold the lot's tonnes (once no lot split off it waits for its own token: until then
 * those tonnes are still in it), be retired exactly when the lot's retirement is on chain, and a minted token must
 * name its lot. A retired lot's certificate transaction must have succeeded and retired this very token.
 */
export function compareHoldingWithToken(
  holding: AnchoredHolding,
  token: TokenState | null,
  custody: Address,
  retirement: RetirementReceipt | null,
): ChainMismatch[] {
  const at = (kind: MismatchKind, expected: unknown, actual: unknown): ChainMismatch =>
    ({ kind, holdingId: holding.id, tokenId: holding.tokenId, expected: String(expected), actual: String(actual) });
  if (!token) return [at('missing-token', `token ${holding.tokenId}`, 'no such token')];
  const found: ChainMismatch[] = [];
  if (token.owner !== custody) found.push(at('owner', custody, token.owner));
  if (holding.rootTokenId !== null && token.rootTokenId !== holding.rootTokenId) found.push(at('lineage', `root token ${holding.rootTokenId}`, `root token ${token.rootTokenId}`));
  if (!holding.hasPendingChild && token.quantity !== holding.quantity) found.push(at('tonnes', `${holding.quantity} t`, `${token.quantity} t`));
  if (token.rootTokenId === holding.tokenId && token.tokenUri !== holdingUri(holding.id)) found.push(at('record', holdingUri(holding.id), token.tokenUri));
  const retiredOnLedger = holding.status === 'retired' && holding.chainTxHash !== null;
  if (token.isRetired && holding.status !== 'retired') found.push(at('retired', `not retired (${holding.status})`, 'retired'));
  if (retiredOnLedger && !token.isRetired) found.push(at('retired', 'retired', 'not retired'));
  if (retiredOnLedger && retirement) {
    if (!retirement.found || !retirement.success) found.push(at('certificate-tx', `successful ${holding.chainTxHash}`, retirement.found ? 'reverted' : 'not found'));
    else if (!retirement.retiredTokenIds.has(holding.tokenId)) found.push(at('certificate-tx', `${holding.chainTxHash} retires token ${holding.tokenId}`, 'it does not'));
  }
  return found;
}
