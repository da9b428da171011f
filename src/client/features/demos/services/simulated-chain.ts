import { parseUnits } from 'viem';
import { isValidMrvHash } from '@/domain/mrv/mrv-hash';
import { CHAIN_ID, NETWORK_NAME, PRICE_UNIT_DECIMALS } from '@/shared/constants';
import { randomHex, type DemoRuntime } from './demo-runtime';
import {
  PROPOSAL_STATE_CREATED,
  type DemoWallet,
  type DemoWalletType,
  type MintCreditInput,
  type ProposalInput,
  type SimulatedCredit,
  type SimulatedProject,
  type SimulatedProposal,
  type SimulatedReceipt,
} from './simulated-chain-types';
import { applyExecution, applyPurchase, applyRetirement, castVote } from './simulated-transitions';

const PRICE_PATTERN = /^\d+(?:\.\d{1,18})?$/;

/**
 * An in-memory stand-in for the carbon-credit chain used by the Blockchain Demo: a demo wallet, projects,
 * credits and verification proposals. Every action needs a connected wallet (else Error('Wallet not
 * connected'), checked first) and returns a fake transaction hash. Ids count up from 1.
 */
export class SimulatedChain {
  private connectedWallet: DemoWallet | null = null;
  private readonly projects = new Map<number, SimulatedProject>();
  private readonly proposals = new Map<number, SimulatedProposal>();
  private readonly credits = new Map<number, SimulatedCredit>();

  constructor(private readonly runtime: DemoRuntime) {}

  /** Connects a demo wallet with a random address after the wallet connect delay (1.5 s by default). */
  async connectWallet(type: DemoWalletType): Promise<DemoWallet> {
    await this.runtime.sleep(this.runtime.delays.walletConnectMs);
    this.connectedWallet = { address: `0x${randomHex(this.runtime.random, 40)}`, type, chainId: CHAIN_ID, network: NETWORK_NAME };
    return this.connectedWallet;
  }

  disconnectWallet(): void {
    this.connectedWallet = null;
  }

  get wallet(): DemoWallet | null {
    return this.connectedWallet;
  }

  async createProject(name: string, description: string): Promise<SimulatedReceipt & { projectId: number }> {
    const owner = this.requireWallet().address;
    const id = this.projects.size + 1;
    this.projects.set(id, {
      id, name, description, owner, verified: false, totalCredits: 0, availableCredits: 0,
      createdAt: this.runtime.now(), verifierCount: 0, mrvDataHashes: [],
    });
    return { projectId: id, transactionHash: this.transactionHash() };
  }

  /**
   * Mints a credit to `input.to` (default: the connected wallet). The price text becomes 18-decimal units;
   * the credit counts as verified when its satellite data hash is a valid MRV hash. A credit of a simulated
   * project (matched by id text) adds its tonnes to that project's total and available credits.
   */
  async mintCredit(input: MintCreditInput): Promise<SimulatedReceipt & { tokenId: number }> {
    const issuer = this.requireWallet().address;
    if (!Number.isSafeInteger(input.quantity) || input.quantity < 1) throw new Error('Quantity must be a whole number of at least 1');
    const price = parsePrice(input.price);
    const tokenId = this.credits.size + 1;
    this.credits.set(tokenId, {
      tokenId, projectName: input.projectName, projectId: input.projectId, verificationBody: input.verificationBody,
      vintageYear: input.vintageYear, mrvDataUrl: input.mrvDataUrl, gpsLocation: input.gpsLocation,
      quantity: input.quantity, isRetired: false, originalIssuer: issuer, issuanceDate: this.runtime.now(), price,
      verified: isValidMrvHash(input.satelliteDataHash), satelliteDataHash: input.satelliteDataHash,
      owner: input.to ?? issuer, retirementReason: '', retiredAt: null,
    });
    this.adjustProjectCredits(input.projectId, input.quantity, input.quantity);
    return { tokenId, transactionHash: this.transactionHash() };
  }

  /** The connected wallet buys a credit at `price` (decimal MATIC text); retired credits never move. */
  async purchaseCredit(tokenId: number, price: string): Promise<SimulatedReceipt> {
    const buyer = this.requireWallet().address;
    const credit = this.requireActiveCredit(tokenId);
    this.credits.set(tokenId, applyPurchase(credit, buyer, parsePrice(price)));
    return { transactionHash: this.transactionHash() };
  }

  /** Retires a credit for good with a non-blank reason; its tonnes leave the project's available credits. */
  async retireCredit(tokenId: number, reason: string): Promise<SimulatedReceipt> {
    this.requireWallet();
    const credit = this.requireActiveCredit(tokenId);
    if (reason.trim() === '') throw new Error('Retirement reason is required');
    this.credits.set(tokenId, applyRetirement(credit, reason.trim(), this.runtime.now()));
    this.adjustProjectCredits(credit.projectId, 0, -credit.quantity);
    return { transactionHash: this.transactionHash() };
  }

  /** Opens a verification proposal for a project, in state 0 with no votes. */
  async createProposal(input: ProposalInput): Promise<SimulatedReceipt & { proposalId: number }> {
    const proposer = this.requireWallet().address;
    this.requireProject(input.projectId);
    const id = this.proposals.size + 1;
    this.proposals.set(id, {
      id, projectId: input.projectId, title: input.title, description: input.description,
      mrvDataHash: input.mrvDataHash, proposer, createdAt: this.runtime.now(), state: PROPOSAL_STATE_CREATED,
      votesFor: 0, votesAgainst: 0, executed: false,
    });
    return { proposalId: id, transactionHash: this.transactionHash() };
  }

  /** Votes on a proposal: 1 counts for, any other value against. */
  async vote(proposalId: number, voteValue: number): Promise<SimulatedReceipt> {
    this.requireWallet();
    this.proposals.set(proposalId, castVote(this.requireProposal(proposalId), voteValue));
    return { transactionHash: this.transactionHash() };
  }

  /** Executes a proposal once (see applyExecution); executing it again changes nothing. */
  async executeProposal(proposalId: number): Promise<SimulatedReceipt> {
    this.requireWallet();
    const before = this.requireProposal(proposalId);
    const after = applyExecution(before, this.requireProject(before.projectId));
    this.proposals.set(proposalId, after.proposal);
    this.projects.set(after.project.id, after.project);
    return { transactionHash: this.transactionHash() };
  }

  getProject(id: number): SimulatedProject | undefined {
    return this.projects.get(id);
  }

  getProposal(id: number): SimulatedProposal | undefined {
    return this.proposals.get(id);
  }

  getCredit(tokenId: number): SimulatedCredit | undefined {
    return this.credits.get(tokenId);
  }

  private requireWallet(): DemoWallet {
    if (!this.connectedWallet) throw new Error('Wallet not connected');
    return this.connectedWallet;
  }

  private requireProject(id: number): SimulatedProject {
    const project = this.projects.get(id);
    if (!project) throw new Error(`Project ${id} not found`);
    return project;
  }

  private requireProposal(id: number): SimulatedProposal {
    const proposal = this.proposals.get(id);
    if (!proposal) throw new Error(`Proposal ${id} not found`);
    return proposal;
  }

  private requireActiveCredit(tokenId: number): SimulatedCredit {
    const credit = this.credits.get(tokenId);
    if (!credit) throw new Error(`Credit #${tokenId} not found`);
    if (credit.isRetired) throw new Error(`Credit #${tokenId} is already retired`);
    return credit;
  }

  private adjustProjectCredits(projectIdText: string, totalDelta: number, availableDelta: number): void {
    const project = [...this.projects.values()].find((candidate) => String(candidate.id) === projectIdText);
    if (!project) return;
    this.projects.set(project.id, {
      ...project,
      totalCredits: project.totalCredits + totalDelta,
      availableCredits: project.availableCredits + availableDelta,
    });
  }

  private transactionHash(): string {
    return `0x${randomHex(this.runtime.random, 64)}`;
  }
}

/** Converts decimal MATIC text ("0.025") to 18-decimal units (25000000000000000n); more than 18 decimals is refused. */
export function parsePrice(price: string): bigint {
  if (!PRICE_PATTERN.test(price)) throw new Error(`Price "${price}" is not a decimal amount with at most 18 decimals`);
  return parseUnits(price, PRICE_UNIT_DECIMALS);
}
