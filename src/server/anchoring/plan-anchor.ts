import { STANDARD_LABELS, type Standard } from '@/shared/constants';
import { RECORD_URI_PREFIX, type MintCreditInput, type SplitCreditInput } from '@/server/chain/carbon-credit';

/** A holding without a token, with what planning needs to know about its parent and project. */
export interface PendingHolding {
  id: number;
  parentHoldingId: number | null;
  parentExists: boolean;
  parentTokenId: number | null;
  /** Tonnes of this holding plus every holding split off it since (none of which has a token yet). */
  subtreeTonnes: number;
  project: {
    name: string;
    slug: string;
    standard: string;
    vintageYear: number;
    latitude: number;
    longitude: number;
    serialPrefix: string;
  };
}

export type HoldingAnchorPlan =
  | { op: 'mint'; input: MintCreditInput }
  | { op: 'split'; input: SplitCreditInput }
  | { op: 'wait' }
  | { op: 'fail'; reason: string };

/**
 * What the chain must do so that `holding` has a token of its own. Every way the ledger changes a lot maps onto one
 * of two row shapes, and so onto one chain operation:
 * - a lot issued from a project (a purchase) is a row without a parent: it is minted;
 * - a lot that takes tonnes off another (partial sale, escrow of part of a lot, partial retirement, a pool deposit,
 *   withdrawal or swap of part of a lot) is a new row whose parent is that lot: it is split off the parent's token;
 * - a lot that moves whole (sold whole into an order, escrowed, swapped, deposited into or withdrawn from a pool)
 *   keeps its row, so it keeps its token; the custodian holds every token for its users, so a change of owner,
 *   status or origin needs nothing on chain: the database maps the token to its owner, and the audit checks it.
 * So the plan depends on the row's shape only, never on its `origin` (which whole-lot moves rewrite). A token is
 * created with the whole subtree's tonnes, because the children split off this holding later are split off its
 * token in turn; a subtree's total never changes (tonnes only move within it), so a sum read a moment ago is still
 * right, and once every descendant has its token, each token holds exactly its own holding's tonnes.
 * `anchoredTokens` are this sweep's results, newer than the rows.
 */
export function planHoldingAnchor(holding: PendingHolding, anchoredTokens: ReadonlyMap<number, number>): HoldingAnchorPlan {
  if (holding.parentHoldingId === null) return { op: 'mint', input: mintInput(holding) };
  const parentId = holding.parentHoldingId;
  if (!holding.parentExists) return { op: 'fail', reason: `Parent holding ${parentId} of holding ${holding.id} no longer exists` };
  const parentTokenId = holding.parentTokenId ?? anchoredTokens.get(parentId) ?? null;
  if (parentTokenId === null) return { op: 'wait' };
  return { op: 'split', input: { tokenId: parentTokenId, quantityTonnes: holding.subtreeTonnes, tokenUri: holdingUri(holding.id) } };
}

/** The token's metadata URI: it names the lot, so any token can be traced back to its registry entry. */
export function holdingUri(holdingId: number): string {
  return `${RECORD_URI_PREFIX}${holdingId}`;
}

/** The on-chain provenance of an issued lot. */
export function mintInput(holding: PendingHolding): MintCreditInput {
  const { project } = holding;
  return {
    projectName: project.name,
    projectId: project.slug,
    verificationBody: STANDARD_LABELS[project.standard as Standard] ?? project.standard,
    vintageYear: project.vintageYear,
    mrvDataUrl: `urn:carbonledger:mrv:${project.serialPrefix}`,
    gpsLocation: `${project.latitude},${project.longitude}`,
    quantityTonnes: holding.subtreeTonnes,
    tokenUri: holdingUri(holding.id),
  };
}
