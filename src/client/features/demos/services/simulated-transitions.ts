import {
  PROPOSAL_STATE_SUCCEEDED,
  VERIFIED_PROJECT_VERIFIER_COUNT,
  VOTE_FOR,
  type SimulatedCredit,
  type SimulatedProject,
  type SimulatedProposal,
} from './simulated-chain-types';

/** Adds one vote: the value 1 counts for the proposal, any other value against. */
export function castVote(proposal: SimulatedProposal, voteValue: number): SimulatedProposal {
  return voteValue === VOTE_FOR
    ? { ...proposal, votesFor: proposal.votesFor + 1 }
    : { ...proposal, votesAgainst: proposal.votesAgainst + 1 };
}

/**
 * Executes a proposal once. It is marked executed whatever the outcome; when votes for strictly beat votes
 * against it also reaches state 4 and its project becomes verified with 3 verifiers and records the proposal's
 * MRV data hash. An executed proposal is returned unchanged, with its project, so a second execution does nothing.
 */
export function applyExecution(
  proposal: SimulatedProposal,
  project: SimulatedProject,
): { proposal: SimulatedProposal; project: SimulatedProject } {
  if (proposal.executed) return { proposal, project };
  if (proposal.votesFor <= proposal.votesAgainst) return { proposal: { ...proposal, executed: true }, project };
  const mrvDataHashes = project.mrvDataHashes.includes(proposal.mrvDataHash)
    ? project.mrvDataHashes
    : [...project.mrvDataHashes, proposal.mrvDataHash];
  return {
    proposal: { ...proposal, executed: true, state: PROPOSAL_STATE_SUCCEEDED },
    project: { ...project, verified: true, verifierCount: VERIFIED_PROJECT_VERIFIER_COUNT, mrvDataHashes },
  };
}

/** A purchase moves the credit to the buyer at the paid price (18-decimal units). */
export function applyPurchase(credit: SimulatedCredit, buyer: string, priceUnits: bigint): SimulatedCredit {
  return { ...credit, owner: buyer, price: priceUnits };
}

/** Retirement is final: it sets isRetired, the reason and the time. */
export function applyRetirement(credit: SimulatedCredit, reason: string, retiredAt: Date): SimulatedCredit {
  return { ...credit, isRetired: true, retirementReason: reason, retiredAt };
}
