import { describe, expect, it } from 'vitest';
import type { SimulatedProject, SimulatedProposal } from '@/client/features/demos/services/simulated-chain-types';
import { applyExecution, castVote } from '@/client/features/demos/services/simulated-transitions';

const project: SimulatedProject = {
  id: 1, name: 'P', description: 'D', owner: '0xowner', verified: false, totalCredits: 0, availableCredits: 0,
  createdAt: new Date(0), verifierCount: 0, mrvDataHashes: [],
};
const proposal: SimulatedProposal = {
  id: 1, projectId: 1, title: 't', description: 'd', mrvDataHash: `Qm${'a'.repeat(44)}`, proposer: '0xowner',
  createdAt: new Date(0), state: 0, votesFor: 0, votesAgainst: 0, executed: false,
};

describe('castVote', () => {
  it.each([
    [1, 1, 0],
    [0, 0, 1],
    [2, 0, 1],
    [-1, 0, 1],
  ])('counts the vote value %s as %s for and %s against', (value, votesFor, votesAgainst) => {
    expect(castVote(proposal, value)).toMatchObject({ votesFor, votesAgainst });
  });
});

describe('applyExecution', () => {
  it.each([
    // votesFor, votesAgainst, state, verified, verifierCount
    [1, 0, 4, true, 3],
    [3, 2, 4, true, 3],
    [2, 2, 0, false, 0], // a tie is not enough
    [1, 2, 0, false, 0],
    [0, 0, 0, false, 0],
  ])('with %s for and %s against gives state %s, verified %s, %s verifiers', (votesFor, votesAgainst, state, verified, verifierCount) => {
    const result = applyExecution({ ...proposal, votesFor, votesAgainst }, project);
    expect(result.proposal).toMatchObject({ executed: true, state });
    expect(result.project).toMatchObject({ verified, verifierCount });
  });

  it('does nothing more the second time, even if votes changed in between', () => {
    const once = applyExecution({ ...proposal, votesFor: 0, votesAgainst: 1 }, project);
    const outvoted = { ...once.proposal, votesFor: 5 };
    const twice = applyExecution(outvoted, once.project);
    expect(twice.proposal).toBe(outvoted);
    expect(twice.project).toBe(once.project);
    expect(twice.project.verified).toBe(false);
  });

  it('records the MRV hash once', () => {
    const withHash = { ...project, mrvDataHashes: [proposal.mrvDataHash] };
    expect(applyExecution({ ...proposal, votesFor: 1 }, withHash).project.mrvDataHashes).toEqual([proposal.mrvDataHash]);
  });
});
