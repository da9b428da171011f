import { keccak256, recoverTransactionAddress, toHex, type Hex, type PublicClient, type TransactionReceipt } from 'viem';
import type { Eip1193RequestFn } from './public-rpc';

/**
 * A journaled transaction to replay: its raw bytes, plus its original block time when known, and its hash when the
 * journal stored it (hashing every raw transaction again at start-up would cost seconds per 100,000 operations).
 */
export type ReplayEntry =
  | Hex
  | { rawTransaction: Hex; txHash?: Hex; blockTimestamp?: number; status?: 'success' | 'reverted'; kind?: string };

/** A replayed transaction whose outcome differs from the journal's. */
export class ReplayDivergence extends Error {
  constructor(
    readonly entryIndex: number,
    readonly txHash: Hex,
    readonly detail: string,
  ) {
    super(`Chain replay diverged at journal entry ${entryIndex} (${txHash}): ${detail}`);
    this.name = 'ReplayDivergence';
  }
}

export interface ReplayOutcome {
  /** Receipts of the deployments replayed (keeping every receipt would hold the whole history in memory). */
  deployments: TransactionReceipt[];
  /** The newest block time replayed (seconds), 0 when the journal recorded none. */
  lastTimestamp: number;
  /** Strangers' transactions (kind 'rpc', from before /rpc became read-only) that did not come back as recorded. */
  foreignDivergences: number;
}

/**
 * A journal too long to hold at once: every transaction's hash up front (so readers know what the replay will bring
 * back), the entries page by page while the replay runs.
 */
export interface ReplaySource {
  /** Every journaled transaction's hash, oldest first. */
  hashes: readonly Hex[];
  /** The oldest entries; they hold the contract's deployment. */
  firstPage: readonly ReplayEntry[];
  /**
   * The entries after the previous page, oldest first; empty once the journal (as it was at start) is read. With
   * `fromIndex`, the page starts at that entry instead (a persistent chain store skips what it holds already).
   */
  nextPage(fromIndex?: number): Promise<readonly ReplayEntry[]>;
}

/** Every entry of `source`, oldest first, fetching a page only when the replay reaches it. */
export async function* replaySourceEntries(source: ReplaySource): AsyncGenerator<ReplayEntry> {
  yield* source.firstPage;
  for (let page = await source.nextPage(); page.length > 0; page = await source.nextPage()) yield* page;
}

/** The hash of a journaled transaction: the stored one, else computed from its raw bytes. */
export function replayEntryHash(entry: ReplayEntry): Hex {
  if (typeof entry !== 'string' && entry.txHash) return entry.txHash;
  return keccak256(typeof entry === 'string' ? entry : entry.rawTransaction);
}

const REPLAY_BALANCE_WEI = 10n ** 24n;

/** Genesis time for a chain about to replay `entries`: before the first recorded block, or now when none is known. */
export function replayGenesisDate(entries: readonly ReplayEntry[]): Date | undefined {
  const first = entries.find((entry) => typeof entry !== 'string' && entry.blockTimestamp !== undefined);
  if (!first || typeof first === 'string' || first.blockTimestamp === undefined) return undefined;
  return new Date((first.blockTimestamp - 60) * 1000);
}

/**
 * Sends journaled raw transactions to a fresh embedded chain, in order, so their hashes, nonces and contract state
 * come back. Signed transactions only depend on their own fields, so the hashes match whatever the clock says; block
 * times are still pinned to the recorded ones so that on-chain dates (issuanceDate, retiredAt) survive a restart.
 * Nothing else is mined: one transaction a block, as live, so block numbers come back too. A sender without funds
 * (a browser wallet funded by a faucet that the journal does not record) is funded and retried. A stranger's
 * transaction (kind 'rpc', journaled before /rpc became read-only) whose outcome differs is counted and passed over:
 * it is not the marketplace's history. Any other difference throws a ReplayDivergence.
 */
export async function replayTransactions(
  request: Eip1193RequestFn,
  client: PublicClient,
  entries: Iterable<ReplayEntry> | AsyncIterable<ReplayEntry>,
  onReplayed: (receipt: TransactionReceipt) => void = () => {},
): Promise<ReplayOutcome> {
  const deployments: TransactionReceipt[] = [];
  let lastTimestamp = 0;
  let foreignDivergences = 0;
  let index = -1;
  for await (const entry of entries) {
    index++;
    const rawTransaction = typeof entry === 'string' ? entry : entry.rawTransaction;
    const { blockTimestamp, status, kind } = typeof entry === 'string' ? {} : entry;
    if (blockTimestamp !== undefined) {
      lastTimestamp = Math.max(blockTimestamp, lastTimestamp);
      await request({ method: 'evm_setNextBlockTimestamp', params: [toHex(lastTimestamp)] });
    }
    let receipt: TransactionReceipt;
    try {
      const txHash = await sendFunded(request, rawTransaction);
      receipt = await client.getTransactionReceipt({ hash: txHash });
    } catch (error) {
      if (kind === 'rpc') {
        foreignDivergences++;
        continue;
      }
      throw new ReplayDivergence(index, replayEntryHash(entry), `not accepted again (${(error as Error).message.split('\n')[0]})`);
    }
    if (status !== undefined && receipt.status !== status) {
      if (kind === 'rpc') foreignDivergences++;
      else throw new ReplayDivergence(index, receipt.transactionHash, `${status} before, ${receipt.status} now`);
    }
    if (receipt.contractAddress) deployments.push(receipt);
    onReplayed(receipt);
  }
  return { deployments, lastTimestamp, foreignDivergences };
}

async function sendFunded(request: Eip1193RequestFn, rawTransaction: Hex): Promise<Hex> {
  try {
    return (await request({ method: 'eth_sendRawTransaction', params: [rawTransaction] })) as Hex;
  } catch (error) {
    if (!/enough funds|insufficient funds/i.test(String((error as Error).message))) throw error;
    const sender = await recoverTransactionAddress({ serializedTransaction: rawTransaction as never });
    await request({ method: 'hardhat_setBalance', params: [sender, toHex(REPLAY_BALANCE_WEI)] });
    return (await request({ method: 'eth_sendRawTransaction', params: [rawTransaction] })) as Hex;
  }
}
