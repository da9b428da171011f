import { describe, expect, it } from 'vitest';
import { SimulatedChain, parsePrice } from '@/client/features/demos/services/simulated-chain';
import { createDemoRuntime, DEFAULT_DEMO_DELAYS } from '@/client/features/demos/services/demo-runtime';
import { isValidMrvHash } from '@/domain/mrv/mrv-hash';
import { mrvHashOf } from '@/client/features/demos/services/storage-service';

const instantRuntime = () => createDemoRuntime({ sleep: async () => undefined, random: () => 0.42, now: () => new Date('2026-11-22T00:00:00Z') });
const hash = `Qm${'c'.repeat(44)}`;

async function connectedChain() {
  const chain = new SimulatedChain(instantRuntime());
  await chain.connectWallet('metamask');
  return chain;
}

describe('the simulated services', () => {
  it('use the SPEC.md delays by default', () => {
    expect(DEFAULT_DEMO_DELAYS).toEqual({ forestDataMs: 2000, carbonEstimateMs: 1000, uploadMs: 1500, validationMs: 500, walletConnectMs: 1500 });
  });

  it('derive a valid Qm hash from the content, the same for the same content', async () => {
    const first = await mrvHashOf('report A');
    expect(isValidMrvHash(first)).toBe(true);
    expect(await mrvHashOf('report A')).toBe(first);
    expect(await mrvHashOf('report B')).not.toBe(first);
  });

  it('convert the demo price to 18-decimal units', () => expect(parsePrice('0.025')).toBe(25_000_000_000_000_000n));
});

describe('SimulatedChain', () => {
  it('refuses every action while no wallet is connected', async () => {
    const chain = new SimulatedChain(instantRuntime());
    await expect(chain.createProject('P', 'D')).rejects.toThrow('Wallet not connected');
    await expect(chain.mintCredit({ projectName: 'P', quantity: 1, price: '0.025' } as never)).rejects.toThrow('Wallet not connected');
    await expect(chain.purchaseCredit(1, '0.025')).rejects.toThrow('Wallet not connected');
    await expect(chain.retireCredit(1, 'reason')).rejects.toThrow('Wallet not connected');
    await expect(chain.createProposal({ projectId: 1, title: 't', description: 'd', mrvDataHash: hash })).rejects.toThrow('Wallet not connected');
    await expect(chain.vote(1, 1)).rejects.toThrow('Wallet not connected');
    await expect(chain.executeProposal(1)).rejects.toThrow('Wallet not connected');
  });

  it('verifies a project when votes for beat votes against, and a second execution changes nothing', async () => {
    const chain = await connectedChain();
    const { projectId } = await chain.createProject('Demo Reforestation Project', 'Demonstration');
    const { proposalId } = await chain.createProposal({ projectId, title: 'Verify', description: 'MRV', mrvDataHash: hash });
    expect(chain.getProposal(proposalId)).toMatchObject({ state: 0, votesFor: 0, votesAgainst: 0, executed: false });
    await chain.vote(proposalId, 1);
    await chain.vote(proposalId, 1);
    await chain.vote(proposalId, 0);
    expect(chain.getProposal(proposalId)).toMatchObject({ votesFor: 2, votesAgainst: 1 });
    await chain.executeProposal(proposalId);
    expect(chain.getProposal(proposalId)).toMatchObject({ executed: true, state: 4 });
    expect(chain.getProject(projectId)).toMatchObject({ verified: true, verifierCount: 3 });
    const before = { proposal: chain.getProposal(proposalId), project: chain.getProject(projectId) };
    await chain.executeProposal(proposalId);
    expect({ proposal: chain.getProposal(proposalId), project: chain.getProject(projectId) }).toEqual(before);
  });

  it('leaves the project unverified on a tie', async () => {
    const chain = await connectedChain();
    const { projectId } = await chain.createProject('P', 'D');
    const { proposalId } = await chain.createProposal({ projectId, title: 'Verify', description: 'MRV', mrvDataHash: hash });
    await chain.vote(proposalId, 1);
    await chain.vote(proposalId, 7); // any value but 1 counts against
    await chain.executeProposal(proposalId);
    expect(chain.getProposal(proposalId)).toMatchObject({ executed: true, state: 0, votesFor: 1, votesAgainst: 1 });
    expect(chain.getProject(projectId)).toMatchObject({ verified: false });
  });
});
