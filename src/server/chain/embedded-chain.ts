import {
  createPublicClient, custom, getAddress, getContractAddress, keccak256, parseTransaction, recoverTransactionAddress, toBytes, toHex,
  type Address, type Hex, type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CHAIN_ID } from '@/shared/constants';
import { DEFAULT_CHAIN_ENGINE } from '@/server/config';
import { carbonCreditAbi } from './carbon-credit-abi';
import { createCarbonCreditChain, type CarbonCreditChain } from './carbon-credit';
import { marketplaceChain } from './chain-definition';
import { loadCarbonCreditArtifact, type ContractArtifact } from './contract-artifact';
import { deployCarbonCredit } from './deploy-carbon-credit';
import { createHardhatProvider } from './hardhat-provider';
import { createPersistentProvider, type PersistentProvider } from './persistent-engine/persistent-provider';
import { journalFrom, matchStoreToJournal } from './persistent-engine/resume-store';
import { createPublicRpc, JsonRpcError, METHOD_NOT_FOUND, type Eip1193RequestFn } from './public-rpc';
import { replayAwareRequest, ReplayProgress } from './replay-progress';
import { RPC_LIMITS, TRUSTED_RPC_LIMITS } from './rpc-limits';
import {
  ReplayDivergence, replayEntryHash, replayGenesisDate, replaySourceEntries, replayTransactions, type ReplayEntry, type ReplayOutcome, type ReplaySource,
} from './replay-transactions';
import { createTransactionSender, type ChainJournal, type ChainJournalEntry } from './transaction-sender';

/**
 * Hardhat's public development key #0. Fine for tests and a laptop demo; a deployment that serves /rpc to others must
 * pass its own stable secret key, because whoever holds the custody key is the minter.
 */
export const DEV_CUSTODY_PRIVATE_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

const CUSTODY_BALANCE_WEI = 10n ** 24n;
// Gas is free here (base fee 0), but a fixed fee cap keeps signed bytes independent of any fee estimate and stays
// valid if the base fee ever ticks up after a full block.
const EMBEDDED_FEES = { maxFeePerGas: 1_000_000_000n, maxPriorityFeePerGas: 0n };
// Gas per item of a batch call (a lot mint costs about 30,000); the cap is generous because gas is free here.
const EMBEDDED_CALL_GAS = 3_000_000n;

/**
 * The embedded chain's engine. edr: Hardhat's in-memory EVM, the whole journal replayed into it at every start.
 * persistent: @ethereumjs/vm with blocks, state and receipts in LevelDB, which executes only what the journal holds
 * past its head (docs/chain.md, "State that grows with history").
 */
export type ChainEngine = 'edr' | 'persistent';

export interface EmbeddedChainOptions {
  /** Defaults to CHAIN_ENGINE, else DEFAULT_CHAIN_ENGINE (config.ts). */
  engine?: ChainEngine;
  /** Where the persistent engine keeps its LevelDB stores; absent, it keeps them in memory for this run only. */
  storeDirectory?: string;
  /** Custody, deployer and minter key. It must stay the same across restarts for the journal to replay onto it. */
  privateKey?: Hex;
  /** Receives every transaction from the deployment on, for durable storage. */
  journal?: ChainJournal;
  /**
   * Journal entries of a previous run, oldest first (all at once, or page by page from a long journal); they include
   * the deployment, which is then not repeated.
   */
  replay?: readonly ReplayEntry[] | ReplaySource;
  configPath?: string;
  artifact?: ContractArtifact;
  /**
   * Return as soon as the node runs and replay the journal behind it: journaled receipts are served as their turn
   * comes (oldest first), reads of the latest state and new transactions wait for the end (see ReplayProgress).
   */
  replayInBackground?: boolean;
}

export interface EmbeddedCarbonCreditChain extends CarbonCreditChain {
  /** Milliseconds spent starting the node, deploying or replaying, measured for the start-up log. */
  readonly startMs: number;
  /**
   * The node itself, every method included (hardhat_setBalance, evm_mine…): for tests and tooling on the server side,
   * never served at /rpc. Anything written through it bypasses the journal and does not survive a restart.
   */
  readonly nodeRequest: Eip1193RequestFn;
  /** Resolves when the journal is replayed (at once without one); rejects when the replay failed. */
  synced(): Promise<{ replayMs: number }>;
  /** How far the replay has come, and what it found. */
  replayStatus(): ReplayStatus;
  /**
   * Sends a transaction signed by the custody key (an app instance's, through `npm run chain`), ordered and journaled
   * with this chain's own; anything signed by another key is refused. Resolves with its hash once mined.
   */
  relayCustodyTransaction(rawTransaction: Hex): Promise<Hex>;
}

export interface ReplayStatus {
  /** Journal entries to replay at start, and how many are on the chain again. */
  entries: number;
  replayed: number;
  state: 'replaying' | 'done' | 'diverged' | 'failed';
  /** The first journal entry whose outcome differs, when the replay stopped there. */
  divergence: { entryIndex: number; txHash: Hex; detail: string } | null;
  /** Strangers' old transactions passed over because they did not come back as recorded. */
  foreignDivergences: number;
  error: string | null;
}

/**
 * Starts an in-process Hardhat Network (chain id 80002), then either replays a previous run's journal (same raw
 * transactions, same hashes, same contract address) or deploys CarbonCredit with the custody key as admin and minter.
 */
export async function startEmbeddedChain(options: EmbeddedChainOptions = {}): Promise<EmbeddedCarbonCreditChain> {
  const startedMs = performance.now();
  const replay = replaySourceOf(options.replay ?? []);
  const account = privateKeyToAccount(options.privateKey ?? DEV_CUSTODY_PRIVATE_KEY);
  let persistent: PersistentProvider | null = null;
  let request: Eip1193RequestFn;
  // Without a choice, CHAIN_ENGINE decides, so that tools and the contract suites run on either engine.
  const engine = options.engine ?? (process.env.CHAIN_ENGINE === 'persistent' || process.env.CHAIN_ENGINE === 'edr' ? process.env.CHAIN_ENGINE : DEFAULT_CHAIN_ENGINE);
  if (engine === 'persistent') {
    const genesisDate = replayGenesisDate(replay.firstPage) ?? new Date();
    persistent = await createPersistentProvider({
      directory: options.storeDirectory,
      genesisTimestamp: Math.floor(genesisDate.getTime() / 1000),
      genesisBalances: { [account.address]: CUSTODY_BALANCE_WEI },
    });
    request = persistent.request;
    if (replay.firstPage.length === 0 && persistent.store.head.header.number > 0n) {
      const blocks = persistent.store.head.header.number;
      await persistent.close();
      throw new Error(`The chain store${options.storeDirectory ? ` in ${options.storeDirectory}` : ''} holds ${blocks} blocks but the journal is empty: it belongs to another database (move it away to start a new chain)`);
    }
  } else {
    request = await createHardhatProvider({ configPath: options.configPath, initialDate: replayGenesisDate(replay.firstPage) });
    await request({ method: 'hardhat_setBalance', params: [account.address, toHex(CUSTODY_BALANCE_WEI)] });
  }
  const client = createPublicClient({ chain: marketplaceChain('http://127.0.0.1/rpc'), transport: custom({ request }, { retryCount: 0 }) });

  const background = options.replayInBackground === true && replay.firstPage.length > 0;
  const progress = new ReplayProgress(background ? replay.hashes : []);
  const status: ReplayStatus = { entries: replay.hashes.length, replayed: 0, state: 'replaying', divergence: null, foreignDivergences: 0, error: null };
  // Each block's time is pinned before its transaction: the wall clock, never behind the newest block (a replay
  // restores older times). No block is mined for the clock alone, so a replay brings back the same block numbers.
  let lastBlockSeconds = 0;
  const clock = {
    async pin() {
      lastBlockSeconds = Math.max(Math.floor(Date.now() / 1000), lastBlockSeconds);
      await request({ method: 'evm_setNextBlockTimestamp', params: [toHex(lastBlockSeconds)] });
    },
    replayed(outcome: ReplayOutcome) {
      lastBlockSeconds = Math.max(lastBlockSeconds, outcome.lastTimestamp);
      status.foreignDivergences = outcome.foreignDivergences;
    },
  };
  const journal: ChainJournal = {
    record(entry: ChainJournalEntry) {
      lastBlockSeconds = Math.max(lastBlockSeconds, entry.blockTimestamp);
      return options.journal?.record(entry);
    },
  };
  const sender = createTransactionSender({
    client,
    account,
    chainId: CHAIN_ID,
    fees: async () => EMBEDDED_FEES,
    fixedCallGas: EMBEDDED_CALL_GAS,
    journal,
    ready: progress.done,
    beforeSend: clock.pin,
  });
  // Without a background replay there is nothing to wait for (the deployment itself goes through the sender).
  if (!background) progress.succeeded();
  let replayMs = 0;
  let contractAddress: Address;
  const onReplayed = (receipt: { transactionHash: Hex; blockNumber: bigint }) => {
    status.replayed++;
    progress.replayed(receipt.transactionHash, receipt.blockNumber);
  };
  const replayFailed = (error: Error) => {
    status.state = error instanceof ReplayDivergence ? 'diverged' : 'failed';
    status.error = error.message;
    if (error instanceof ReplayDivergence) status.divergence = { entryIndex: error.entryIndex, txHash: error.txHash, detail: error.detail };
  };
  // The persistent engine resumes its store: only journal entries past its head are executed.
  const replayJournal = (): Promise<Address> => persistent
    ? resumedContractAddress(persistent, client, replay, account.address, clock.replayed, onReplayed)
    : replayedContractAddress(request, client, replaySourceEntries(replay), account.address, clock.replayed, onReplayed);
  if (replay.firstPage.length === 0) {
    status.state = 'done';
    try {
      contractAddress = (await deployCarbonCredit(sender, options.artifact ?? (await loadCarbonCreditArtifact()), account.address)).contractAddress;
    } catch (error) {
      await persistent?.close(); // a start that fails leaves no store open (LevelDB allows one opener)
      throw error;
    }
  } else if (!background) {
    try {
      contractAddress = await replayJournal();
      status.state = 'done';
    } catch (error) {
      replayFailed(error as Error);
      await persistent?.close();
      throw error;
    }
  } else {
    contractAddress = await deploymentAddress(replay.firstPage, account.address);
    const replayStartedMs = performance.now();
    replayJournal().then(
      (replayed) => {
        replayMs = performance.now() - replayStartedMs;
        if (replayed.toLowerCase() === contractAddress) {
          status.state = 'done';
          progress.succeeded();
        } else {
          const error = new Error(`The replay deployed CarbonCredit at ${replayed}, not ${contractAddress}`);
          replayFailed(error);
          progress.failed(error);
        }
      },
      (error: Error) => {
        replayFailed(error);
        progress.failed(error);
      },
    );
  }
  const replayAware = replayAwareRequest(request, progress);
  const chain = createCarbonCreditChain({
    client,
    sender,
    chainId: CHAIN_ID,
    contractAddress,
    custodyAddress: account.address,
    request: createPublicRpc(replayAware, TRUSTED_RPC_LIMITS),
    publicRequest: createPublicRpc(replayAware, RPC_LIMITS),
    ready: progress.done,
    onClose: persistent ? () => persistent.close() : undefined,
  });
  const synced = async () => {
    await progress.done;
    return { replayMs };
  };
  async function relayCustodyTransaction(rawTransaction: Hex): Promise<Hex> {
    const signer = await recoverTransactionAddress({ serializedTransaction: rawTransaction as never }).catch(() => null);
    if (!signer || getAddress(signer) !== account.address) {
      throw new JsonRpcError(METHOD_NOT_FOUND, 'eth_sendRawTransaction is refused: this chain records only transactions signed by the marketplace\'s custody key');
    }
    return (await sender.sendRaw('relay', rawTransaction)).txHash;
  }
  return Object.assign(chain, {
    startMs: performance.now() - startedMs,
    nodeRequest: request,
    synced,
    replayStatus: () => ({ ...status, divergence: status.divergence && { ...status.divergence } }),
    relayCustodyTransaction,
  });
}

const rawOf = (entry: ReplayEntry): Hex => (typeof entry === 'string' ? entry : entry.rawTransaction);

/** A journal given all at once, as one page (its hashes are computed only when a background replay asks). */
function replaySourceOf(replay: readonly ReplayEntry[] | ReplaySource): ReplaySource {
  if (!Array.isArray(replay)) return replay as ReplaySource;
  return {
    get hashes() {
      return replay.map(replayEntryHash);
    },
    firstPage: replay,
    nextPage: async () => [],
  };
}

/**
 * Where the journal's first deployment by the custody key put its contract (the address depends on sender and nonce
 * only). The custody key deploys before anything else is sent, so it is in the first page of a journal.
 */
async function deploymentAddress(replay: readonly ReplayEntry[], custody: Address): Promise<Address> {
  for (const entry of replay) {
    const transaction = parseTransaction(rawOf(entry));
    if (transaction.to) continue;
    const from = await recoverTransactionAddress({ serializedTransaction: rawOf(entry) as never });
    // Lower case, as receipts spell it (and as a replayed start reports it).
    if (getAddress(from) === custody) return getContractAddress({ from, nonce: BigInt(transaction.nonce ?? 0) }).toLowerCase() as Address;
  }
  throw new Error('The chain journal has no CarbonCredit deployment by the custody key');
}

async function replayedContractAddress(
  request: Eip1193RequestFn,
  client: PublicClient,
  replay: AsyncIterable<ReplayEntry>,
  custody: Address,
  onFinished: (outcome: ReplayOutcome) => void,
  onReplayed?: Parameters<typeof replayTransactions>[3],
): Promise<Address> {
  const outcome = await replayTransactions(request, client, replay, onReplayed);
  onFinished(outcome);
  const { deployments } = outcome;
  const deployment = deployments.find((receipt) => receipt.contractAddress && getAddress(receipt.from) === custody);
  if (!deployment?.contractAddress) throw new Error('The chain journal has no CarbonCredit deployment by the custody key');
  await requireMinter(client, deployment.contractAddress, custody);
  return deployment.contractAddress;
}

async function requireMinter(client: PublicClient, contractAddress: Address, custody: Address): Promise<void> {
  const minterRole = keccak256(toBytes('MINTER_ROLE'));
  const isMinter = await client.readContract({ address: contractAddress, abi: carbonCreditAbi, functionName: 'hasRole', args: [minterRole, custody] });
  if (!isMinter) throw new Error('The custody key is not the minter of the replayed contract: was the key changed?');
}

/**
 * The persistent engine's start: the entries its store holds already count as replayed at once (their receipts are
 * there), the rest are executed as a replay would.
 */
async function resumedContractAddress(
  persistent: PersistentProvider,
  client: PublicClient,
  replay: ReplaySource,
  custody: Address,
  onFinished: (outcome: ReplayOutcome) => void,
  onReplayed: (receipt: { transactionHash: Hex; blockNumber: bigint }) => void,
): Promise<Address> {
  const hashes = replay.hashes;
  const { stored } = await matchStoreToJournal(persistent.store, hashes);
  for (let i = 0; i < stored; i++) onReplayed({ transactionHash: hashes[i], blockNumber: BigInt(i + 1) });
  const storedUntil = Number(persistent.store.head.header.timestamp);
  const outcome = await replayTransactions(persistent.request, client, journalFrom(replay, stored), onReplayed);
  onFinished({ ...outcome, lastTimestamp: Math.max(outcome.lastTimestamp, storedUntil) });
  const contractAddress = await deploymentAddress(replay.firstPage, custody);
  await requireMinter(client, contractAddress, custody);
  return contractAddress;
}
