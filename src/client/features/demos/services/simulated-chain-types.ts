/** Wallet types the simulated chain accepts (SPEC.md section 7). */
export const DEMO_WALLET_TYPES = ['metamask', 'walletconnect'] as const;
export type DemoWalletType = (typeof DEMO_WALLET_TYPES)[number];

export interface DemoWallet {
  /** `0x` + 40 hex digits, random per connection. */
  readonly address: string;
  readonly type: DemoWalletType;
  readonly chainId: number;
  readonly network: string;
}

/** SPEC.md section 3 simulated project. */
export interface SimulatedProject {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly owner: string;
  readonly verified: boolean;
  /** Tonnes minted for this project. */
  readonly totalCredits: number;
  /** Tonnes minted and not retired. */
  readonly availableCredits: number;
  readonly createdAt: Date;
  readonly verifierCount: number;
  readonly mrvDataHashes: readonly string[];
}

/** Proposal states: 0 at creation; 4 once executed with more votes for than against (as in OpenZeppelin's Governor). */
export const PROPOSAL_STATE_CREATED = 0;
export const PROPOSAL_STATE_SUCCEEDED = 4;
/** Verifier count of a project verified by an executed proposal (SPEC.md section 4). */
export const VERIFIED_PROJECT_VERIFIER_COUNT = 3;
/** The vote value that counts for a proposal; any other value counts against. */
export const VOTE_FOR = 1;

/** SPEC.md section 3 simulated proposal. */
export interface SimulatedProposal {
  readonly id: number;
  readonly projectId: number;
  readonly title: string;
  readonly description: string;
  readonly mrvDataHash: string;
  readonly proposer: string;
  readonly createdAt: Date;
  readonly state: number;
  readonly votesFor: number;
  readonly votesAgainst: number;
  readonly executed: boolean;
}

/** SPEC.md section 3 on-chain carbon credit plus the simulated fields. */
export interface SimulatedCredit {
  readonly tokenId: number;
  readonly projectName: string;
  readonly projectId: string;
  readonly verificationBody: string;
  readonly vintageYear: number;
  readonly mrvDataUrl: string;
  readonly gpsLocation: string;
  readonly quantity: number;
  readonly isRetired: boolean;
  readonly originalIssuer: string;
  readonly issuanceDate: Date;
  /** Price in 18-decimal units (wei of MATIC). */
  readonly price: bigint;
  readonly verified: boolean;
  readonly satelliteDataHash: string;
  readonly owner: string;
  readonly retirementReason: string;
  readonly retiredAt: Date | null;
}

export interface MintCreditInput {
  /** Recipient; defaults to the connected wallet. */
  readonly to?: string;
  readonly projectName: string;
  /** The simulated project's id as text, when the credit belongs to one. */
  readonly projectId: string;
  readonly verificationBody: string;
  readonly vintageYear: number;
  readonly mrvDataUrl: string;
  readonly gpsLocation: string;
  readonly quantity: number;
  /** Decimal MATIC text such as "0.025"; converted to 18-decimal units. */
  readonly price: string;
  readonly satelliteDataHash: string;
}

export interface ProposalInput {
  readonly projectId: number;
  readonly title: string;
  readonly description: string;
  readonly mrvDataHash: string;
}

/** Every simulated action returns a fake transaction hash: `0x` + 64 hex digits. */
export interface SimulatedReceipt {
  readonly transactionHash: string;
}
