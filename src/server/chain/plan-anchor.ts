import { STANDARD_LABELS, type Standard } from '../../shared/constants';
import type { MintCreditInput } from './carbon-credit.js';

/** A holding without a token, with what planning needs to know about its parent and project. */
export interface PendingHolding {
  id: number;
  origin: string;
  parentHoldingId: number | null;
  parentExists: boolean;
  parentTokenId: number | null;
  parentAnchorError: string | null;
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
  | { op: 'split'; parentTokenId: number; quantityTonnes: number }
  | { op: 'wait' }
  | { op: 'fail'; reason: string };

/**
 * What the chain must do so that `holding` has a token of its own. The database only ever splits holdings (a partial
 * retirement, an escrow, a trade or a swap takes tonnes off a lot into a new child row), so the chain mirrors it:
 * a lot issued by a purchase is minted, any other lot is split off its parent's token. A token is created with the
 * whole subtree's tonnes, because the children split off this holding later will be split off its token in turn;
 * once every descendant has its token, each token holds exactly its own holding's tonnes.
 * `anchoredTokens` and `failedHoldings` are this sweep's results, newer than the rows.
 */
export function planHoldingAnchor(
  holding: PendingHolding,
  anchoredTokens: ReadonlyMap<number, number>,
  failedHoldings: ReadonlySet<number>,
): HoldingAnchorPlan {
  if (holding.parentHoldingId === null) {
    if (holding.origin === 'purchase') return { op: 'mint', input: mintInput(holding) };
    // Minting tonnes that came from another lot would count them twice on chain.
    return { op: 'fail', reason: `Holding ${holding.id} (${holding.origin}) has no parent lot to split its token from` };
  }
  const parentId = holding.parentHoldingId;
  if (!holding.parentExists) return { op: 'fail', reason: `Parent holding ${parentId} of holding ${holding.id} no longer exists` };
  const parentTokenId = holding.parentTokenId ?? anchoredTokens.get(parentId) ?? null;
  if (parentTokenId !== null) return { op: 'split', parentTokenId, quantityTonnes: holding.subtreeTonnes };
  if (holding.parentAnchorError !== null || failedHoldings.has(parentId)) {
    return { op: 'fail', reason: `Parent holding ${parentId} of holding ${holding.id} could not be anchored` };
  }
  return { op: 'wait' };
}

/** The on-chain provenance of a purchased lot; tokenUri names the holding so the token can be traced back. */
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
    tokenUri: `urn:carbonledger:holding:${holding.id}`,
  };
}
