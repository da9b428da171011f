import { describe, expect, it } from 'vitest';
import { DEMO_MINT_PRICE, DEMO_STANDARD_NAME, DEMO_VINTAGE_YEAR } from '@/client/features/demos/services/demo-constants';
import { SimulatedChain, parsePrice } from '@/client/features/demos/services/simulated-chain';
import type { MintCreditInput } from '@/client/features/demos/services/simulated-chain-types';
import { recordingRuntime } from './demo-test-runtime';

const MRV_HASH = `Qm${'c'.repeat(44)}`;
const TX_HASH = /^0x[0-9a-f]{64}$/;

function mintInput(overrides: Partial<MintCreditInput> = {}): MintCreditInput {
  return {
    projectName: 'Demo Reforestation Project', projectId: '1', verificationBody: DEMO_STANDARD_NAME,
    vintageYear: DEMO_VINTAGE_YEAR, mrvDataUrl: `ipfs://${MRV_HASH}`, gpsLocation: '-3.4653,-62.2159',
    quantity: 100, price: DEMO_MINT_PRICE, satelliteDataHash: MRV_HASH, ...overrides,
  };
}

async function chainWithProject() {
  const runtime = recordingRuntime();
  const chain = new SimulatedChain(runtime);
  const wallet = await chain.connectWallet('walletconnect');
  const { projectId } = await chain.createProject('Demo Reforestation Project', 'Demonstration');
  return { runtime, chain, wallet, projectId };
}

describe('SimulatedChain wallet', () => {
  it('connects after the wallet connect delay with a random address on chain 80002', async () => {
    const runtime = recordingRuntime();
    const chain = new SimulatedChain(runtime);
    const wallet = await chain.connectWallet('metamask');
    expect(runtime.slept).toEqual([1500]);
    expect(wallet).toMatchObject({ type: 'metamask', chainId: 80002, network: 'Polygon Amoy Testnet' });
    expect(wallet.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(chain.wallet).toBe(wallet);
  });

  it('refuses actions again once disconnected', async () => {
    const { chain } = await chainWithProject();
    chain.disconnectWallet();
    expect(chain.wallet).toBeNull();
    await expect(chain.createProject('P', 'D')).rejects.toThrow('Wallet not connected');
    await expect(chain.mintCredit(mintInput())).rejects.toThrow('Wallet not connected');
  });
});

describe('SimulatedChain projects and proposals', () => {
  it('creates an unverified project owned by the wallet, with a fake transaction hash', async () => {
    const { chain, wallet, projectId } = await chainWithProject();
    expect(chain.getProject(projectId)).toEqual({
      id: 1, name: 'Demo Reforestation Project', description: 'Demonstration', owner: wallet.address, verified: false,
      totalCredits: 0, availableCredits: 0, createdAt: new Date('2025-01-15T10:00:00.000Z'), verifierCount: 0, mrvDataHashes: [],
    });
    expect((await chain.createProject('Second', 'D')).transactionHash).toMatch(TX_HASH);
  });

  it('leaves the project unverified when votes against win, and records the MRV hash only on success', async () => {
    const { chain, projectId } = await chainWithProject();
    const { proposalId } = await chain.createProposal({ projectId, title: 'Verify', description: 'MRV', mrvDataHash: MRV_HASH });
    await chain.vote(proposalId, 0);
    await chain.executeProposal(proposalId);
    expect(chain.getProposal(proposalId)).toMatchObject({ executed: true, state: 0, votesFor: 0, votesAgainst: 1 });
    expect(chain.getProject(projectId)).toMatchObject({ verified: false, verifierCount: 0, mrvDataHashes: [] });
  });

  it('refuses proposals for unknown projects and votes on unknown proposals', async () => {
    const { chain } = await chainWithProject();
    await expect(chain.createProposal({ projectId: 9, title: 't', description: 'd', mrvDataHash: MRV_HASH })).rejects.toThrow('Project 9 not found');
    await expect(chain.vote(9, 1)).rejects.toThrow('Proposal 9 not found');
    await expect(chain.executeProposal(9)).rejects.toThrow('Proposal 9 not found');
  });
});

describe('SimulatedChain credits', () => {
  it('mints to the wallet at the demo price in 18-decimal units and adds the tonnes to the project', async () => {
    const { chain, wallet, projectId } = await chainWithProject();
    const { tokenId, transactionHash } = await chain.mintCredit(mintInput());
    expect(transactionHash).toMatch(TX_HASH);
    expect(chain.getCredit(tokenId)).toMatchObject({
      tokenId: 1, quantity: 100, price: 25_000_000_000_000_000n, verified: true, owner: wallet.address,
      originalIssuer: wallet.address, isRetired: false, retirementReason: '', retiredAt: null,
      issuanceDate: new Date('2025-01-15T10:00:00.000Z'), verificationBody: 'Demo Standard', vintageYear: 2024,
    });
    expect(chain.getProject(projectId)).toMatchObject({ totalCredits: 100, availableCredits: 100 });
  });

  it('marks a credit with a malformed satellite data hash as unverified and mints to another recipient', async () => {
    const { chain } = await chainWithProject();
    const { tokenId } = await chain.mintCredit(mintInput({ satelliteDataHash: 'Qm123', to: `0x${'1'.repeat(40)}` }));
    expect(chain.getCredit(tokenId)).toMatchObject({ verified: false, owner: `0x${'1'.repeat(40)}` });
  });

  it.each([0, -1, 1.5])('refuses a quantity of %s', async (quantity) => {
    const { chain } = await chainWithProject();
    await expect(chain.mintCredit(mintInput({ quantity }))).rejects.toThrow('Quantity must be a whole number of at least 1');
  });

  it('moves a purchased credit to the buyer at the paid price', async () => {
    const { chain } = await chainWithProject();
    const { tokenId } = await chain.mintCredit(mintInput());
    const buyer = await chain.connectWallet('metamask');
    await chain.purchaseCredit(tokenId, '0.05');
    expect(chain.getCredit(tokenId)).toMatchObject({ owner: buyer.address, price: 50_000_000_000_000_000n });
  });

  it('retires with the trimmed reason and the time, takes the tonnes out of available credits, and is final', async () => {
    const { chain, projectId } = await chainWithProject();
    const { tokenId } = await chain.mintCredit(mintInput());
    await chain.retireCredit(tokenId, '  Carbon Neutrality Goal ');
    expect(chain.getCredit(tokenId)).toMatchObject({
      isRetired: true, retirementReason: 'Carbon Neutrality Goal', retiredAt: new Date('2025-01-15T10:00:00.000Z'),
    });
    expect(chain.getProject(projectId)).toMatchObject({ totalCredits: 100, availableCredits: 0 });
    await expect(chain.retireCredit(tokenId, 'again')).rejects.toThrow('Credit #1 is already retired');
    await expect(chain.purchaseCredit(tokenId, '0.025')).rejects.toThrow('Credit #1 is already retired');
  });

  it('refuses a blank retirement reason and unknown credits', async () => {
    const { chain } = await chainWithProject();
    const { tokenId } = await chain.mintCredit(mintInput());
    await expect(chain.retireCredit(tokenId, '   ')).rejects.toThrow('Retirement reason is required');
    await expect(chain.retireCredit(42, 'reason')).rejects.toThrow('Credit #42 not found');
  });
});

describe('parsePrice', () => {
  it.each([
    ['0.025', 25_000_000_000_000_000n],
    ['1', 1_000_000_000_000_000_000n],
    ['0.000000000000000001', 1n],
  ])('converts %s MATIC to %s units', (price, units) => {
    expect(parsePrice(price)).toBe(units);
  });

  it.each(['', 'abc', '-1', '1e3', '0.0000000000000000001'])('refuses %j', (price) => {
    expect(() => parsePrice(price)).toThrow('is not a decimal amount with at most 18 decimals');
  });
});
