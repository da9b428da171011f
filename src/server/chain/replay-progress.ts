import type { Eip1193RequestFn } from './public-rpc';

/**
 * How far a background journal replay has come: which journaled transactions are on the chain again, the highest
 * block replayed, and whether it finished (or failed). Readers wait only for what they ask about.
 */
export class ReplayProgress {
  private readonly pending: Set<string>;
  private readonly waiting = new Map<string, Array<() => void>>();
  private settled = false;
  height = -1n;
  readonly done: Promise<void>;
  private finish!: () => void;
  private fail!: (error: Error) => void;

  constructor(hashes: readonly string[]) {
    this.pending = new Set(hashes.map((hash) => hash.toLowerCase()));
    this.done = new Promise<void>((resolve, reject) => {
      this.finish = resolve;
      this.fail = reject;
    });
    // Readers that never ask still must not turn a failed replay into an unhandled rejection.
    this.done.catch(() => undefined);
  }

  get finished(): boolean {
    return this.settled;
  }

  replayed(txHash: string, blockNumber: bigint): void {
    const hash = txHash.toLowerCase();
    this.pending.delete(hash);
    if (blockNumber > this.height) this.height = blockNumber;
    for (const wake of this.waiting.get(hash) ?? []) wake();
    this.waiting.delete(hash);
  }

  succeeded(): void {
    this.settled = true;
    this.finish();
    this.wakeAll();
  }

  failed(error: Error): void {
    this.settled = true;
    this.fail(error);
    this.wakeAll();
  }

  /** Resolves once `txHash` is on the chain again (at once when it is not a journaled transaction still to come). */
  async until(txHash: string): Promise<void> {
    const hash = txHash.toLowerCase();
    if (this.settled) return this.done;
    if (!this.pending.has(hash)) return;
    await new Promise<void>((resolve) => this.waiting.set(hash, [...(this.waiting.get(hash) ?? []), resolve]));
    if (this.settled) return this.done;
  }

  private wakeAll(): void {
    for (const wakers of this.waiting.values()) for (const wake of wakers) wake();
    this.waiting.clear();
  }
}

// Answers that do not depend on the replayed state.
const CONSTANT_METHODS = new Set(['eth_chainId', 'net_version', 'net_listening', 'web3_clientVersion', 'eth_accounts', 'eth_gasPrice', 'eth_maxPriorityFeePerGas']);
// Reads that name a block: one the replay has passed already shows exactly that block's state.
const BLOCK_TAGGED = new Set(['eth_call', 'eth_getBalance', 'eth_getCode', 'eth_getStorageAt', 'eth_getTransactionCount', 'eth_getBlockByNumber']);

/**
 * The node's request function while a journal replays in the background: a journaled transaction's receipt or body
 * is answered as soon as the replay has re-executed it (so the oldest certificates verify first), a read at a block
 * already replayed at once, and anything about the latest state once the replay is complete.
 */
export function replayAwareRequest(request: Eip1193RequestFn, progress: ReplayProgress): Eip1193RequestFn {
  return async (args) => {
    if (CONSTANT_METHODS.has(args.method)) return request(args);
    if (progress.finished) {
      await progress.done;
      return request(args);
    }
    const params = Array.isArray(args.params) ? (args.params as unknown[]) : [];
    if (args.method === 'eth_getTransactionReceipt' || args.method === 'eth_getTransactionByHash') {
      if (typeof params[0] === 'string') await progress.until(params[0]);
      return request(args);
    }
    const tag = params.at(args.method === 'eth_getBlockByNumber' ? 0 : -1);
    if (BLOCK_TAGGED.has(args.method) && typeof tag === 'string' && /^0x[0-9a-f]+$/i.test(tag) && BigInt(tag) <= progress.height) return request(args);
    await progress.done;
    return request(args);
  };
}
