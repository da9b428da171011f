import { keccak256, type Address, type Hex, type LocalAccount, type PublicClient, type TransactionReceipt } from 'viem';

/**
 * What a journaled transaction did. 'relay' is a custody-signed transaction an app instance sent through the chain
 * node (`npm run chain`); 'rpc' is a stranger's raw transaction, which /rpc accepted before it became read-only and
 * which older journals may still hold. 'audit-anchor' carries the audit log's head (domain/audit/audit-anchor.ts);
 * 'fence' is a new anchoring leader's empty self-transaction that spends the nonces its predecessor may have signed.
 */
export type TransactionKind = 'deploy' | 'mint' | 'retire' | 'split' | 'transfer' | 'relay' | 'rpc' | 'audit-anchor' | 'fence';

/** One mined transaction, as the journal stores it; replaying `rawTransaction` yields the same `txHash`. */
export interface ChainJournalEntry {
  kind: TransactionKind;
  rawTransaction: Hex;
  txHash: Hex;
  /** Seconds since the epoch of the block that included it; replay restores it so on-chain dates survive. */
  blockTimestamp: number;
  /** Outcome when first mined; replay checks it, so a diverging chain fails loudly instead of drifting. */
  status: 'success' | 'reverted';
}

/**
 * Receives every transaction once it is mined (reverted ones too: they used a nonce). Entries arrive in chain order,
 * one at a time; the next transaction is not sent until `record` resolves, so a durable store sees a gap-free log.
 */
export interface ChainJournal {
  record(entry: ChainJournalEntry): void | Promise<void>;
  /**
   * Runs once a call is signed, before it goes out: a rejection keeps it unsent (a deposed anchoring leader's mint,
   * ops/anchoring-intents.ts).
   */
  claim?(nonce: number, txHash: Hex): Promise<void>;
}

export interface FeeFields {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface TransactionSenderOptions {
  client: PublicClient;
  account: LocalAccount;
  chainId: number;
  fees: () => Promise<FeeFields>;
  journal?: ChainJournal;
  /**
   * Gas limit for every call (deployments are still estimated). Where gas is free and blocks are mined on send, calls
   * are sent without an estimate or a check: a refused one is mined as reverted and its custom error read afterwards.
   */
  fixedCallGas?: bigint;
  /** Receipt polling for remote nodes; the embedded chain mines on send, so its receipt is there at once. */
  pollingIntervalMs?: number;
  receiptTimeoutMs?: number;
  /** Nothing is sent before this settles (a journal replaying in the background owns the nonces until then). */
  ready?: Promise<void>;
  /** Runs before each transaction goes out (the embedded chain pins the next block's time there). */
  beforeSend?: () => Promise<void>;
}

export interface SentTransaction {
  txHash: Hex;
  receipt: TransactionReceipt;
}

export interface TransactionSender {
  /**
   * Estimates, signs locally and sends a call (or a deployment when `to` is absent); resolves once mined. `items` is
   * how many operations a batch call carries: with a fixed call gas, each gets that much.
   */
  send(kind: TransactionKind, call: { to?: Address; data: Hex; items?: number }): Promise<SentTransaction>;
  /** Sends a transaction someone else signed, in the same order and journal as the adapter's own. */
  sendRaw(kind: TransactionKind, rawTransaction: Hex): Promise<SentTransaction>;
}

// Headroom over the estimate, because state can move between estimation and inclusion on a shared node; unused gas
// is not charged.
const GAS_HEADROOM_PERCENT = 120n;

/**
 * Serialises every state-changing transaction of one account: local nonces, local signatures (so the raw bytes can be
 * replayed bit for bit) and journaling in mining order. Gas is estimated before signing, so a call that would revert
 * fails with its decoded custom error and never spends a nonce; with `fixedCallGas` it fails with the same error after
 * being mined as reverted.
 */
export function createTransactionSender(options: TransactionSenderOptions): TransactionSender {
  const { client, account, chainId, journal } = options;
  let tail: Promise<unknown> = Promise.resolve();
  let nextNonce: number | null = null;

  function serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = tail.then(async () => {
      await options.ready;
      return task();
    });
    tail = run.catch(() => undefined);
    return run;
  }

  async function receiptOf(txHash: Hex): Promise<TransactionReceipt> {
    try {
      return await client.getTransactionReceipt({ hash: txHash });
    } catch {
      return client.waitForTransactionReceipt({
        hash: txHash,
        pollingInterval: options.pollingIntervalMs ?? 1000,
        timeout: options.receiptTimeoutMs ?? 120_000,
      });
    }
  }

  async function settle(kind: TransactionKind, rawTransaction: Hex): Promise<SentTransaction> {
    await options.beforeSend?.();
    const txHash = await client.sendRawTransaction({ serializedTransaction: rawTransaction });
    const receipt = await receiptOf(txHash);
    if (journal) {
      const block = await client.getBlock({ blockNumber: receipt.blockNumber });
      await journal.record({ kind, rawTransaction, txHash, blockTimestamp: Number(block.timestamp), status: receipt.status });
    }
    return { txHash, receipt };
  }

  // With a fixed call gas there is no estimate: the transaction goes out unchecked (executing it twice, once to check
  // and once to mine, was half of the embedded chain's time per batch).
  const unchecked = (call: { to?: Address }) => options.fixedCallGas !== undefined && call.to !== undefined;

  async function gasFor(call: { to?: Address; data: Hex; items?: number }): Promise<bigint> {
    if (unchecked(call)) return options.fixedCallGas! * BigInt(Math.max(1, call.items ?? 1));
    const estimate = await client.estimateGas({ account: account.address, to: call.to, data: call.data });
    return (estimate * GAS_HEADROOM_PERCENT) / 100n;
  }

  // A refused transaction is mined as reverted (its nonce used, journaled as such); the same call run against the
  // state just before its block throws the contract's custom error, as an estimate would have.
  async function throwRevertOf(call: { to?: Address; data: Hex }, gas: bigint, sent: SentTransaction): Promise<never> {
    await client.call({ account: account.address, to: call.to, data: call.data, gas, blockNumber: sent.receipt.blockNumber - 1n });
    throw new Error(`Transaction ${sent.txHash} reverted`);
  }

  return {
    send(kind, call) {
      return serialize(async () => {
        const gas = await gasFor(call);
        const nonce = nextNonce ?? (await client.getTransactionCount({ address: account.address, blockTag: 'pending' }));
        const rawTransaction = await account.signTransaction({
          type: 'eip1559',
          chainId,
          nonce,
          to: call.to,
          data: call.data,
          gas,
          ...(await options.fees()),
        });
        if (journal?.claim) await journal.claim(nonce, keccak256(rawTransaction));
        let sent: SentTransaction;
        try {
          sent = await settle(kind, rawTransaction);
          nextNonce = nonce + 1;
        } catch (error) {
          // Whether the nonce was used is unknown after a failure: ask the node next time.
          nextNonce = null;
          throw error;
        }
        if (sent.receipt.status === 'reverted' && unchecked(call)) await throwRevertOf(call, gas, sent);
        return sent;
      });
    },
    sendRaw(kind, rawTransaction) {
      return serialize(() => settle(kind, rawTransaction));
    },
  };
}
