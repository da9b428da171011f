import { Worker } from 'node:worker_threads';
import type { Hex } from 'viem';
import type { EmbeddedCarbonCreditChain } from './embedded-chain.js';
import type { ReplayEntry, ReplaySource } from './replay-transactions.js';
import type { ChainJournal } from './transaction-sender.js';
import {
  deserializeError,
  serializeError,
  type MainToThread,
  type ThreadChainInfo,
  type ThreadChainMethod,
  type ThreadToMain,
} from './chain-thread-protocol.js';

export interface ThreadedChainOptions {
  /** Custody key; it must stay the same across restarts for the journal to replay onto it. */
  privateKey: Hex;
  /** Journal entries of a previous run, oldest first: all at once, or page by page (fetched as the replay needs them). */
  replay?: readonly ReplayEntry[] | ReplaySource;
  /** Receives every mined transaction on this thread; the chain thread waits for each `record` to resolve. */
  journal?: ChainJournal;
  /** See EmbeddedChainOptions.replayInBackground. */
  replayInBackground?: boolean;
}

/**
 * V8 grows a thread's young generation to 32 MB under a burst of allocation (a start-up replay, an audit page) and
 * keeps it; in the chain thread it then held ~25 MB of mostly empty semi-spaces. Capped at 8 MB: the thread's heap
 * stays at ~36 MB instead of ~54 MB, anchoring costs the same CPU per mint, and 400 concurrent reads about 15% more.
 */
const CHAIN_THREAD_YOUNG_GENERATION_MB = 8;

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread per process hosts every embedded chain (Hardhat is loaded once, so restarts are quick). It is
 * referenced only while a chain is open, so an idle host never keeps the process alive.
 */
class ChainThreadHost {
  private worker: Worker | null = null;
  private nextKey = 1;
  private nextCallId = 1;
  private readonly starts = new Map<number, Pending<ThreadChainInfo>>();
  private readonly calls = new Map<number, Pending<unknown>>();
  private readonly journals = new Map<number, ChainJournal>();
  private readonly replaySources = new Map<number, ReplaySource>();
  private openChains = 0;

  async start(options: ThreadedChainOptions): Promise<{ key: number; info: ThreadChainInfo }> {
    const key = this.nextKey++;
    if (options.journal) this.journals.set(key, options.journal);
    const replay = options.replay ?? [];
    const source = Array.isArray(replay) ? null : (replay as ReplaySource);
    if (source) this.replaySources.set(key, source);
    this.openChains++;
    this.ensureWorker().ref();
    try {
      const info = await new Promise<ThreadChainInfo>((resolve, reject) => {
        this.starts.set(key, { resolve, reject });
        this.post({
          type: 'start',
          key,
          options: {
            privateKey: options.privateKey,
            replay: source ? [] : (replay as readonly ReplayEntry[]),
            replayPages: source ? { hashes: source.hashes, firstPage: source.firstPage } : undefined,
            journal: Boolean(options.journal),
            replayInBackground: options.replayInBackground ?? false,
          },
        });
      });
      return { key, info };
    } catch (error) {
      this.released(key);
      throw error;
    }
  }

  call(key: number, method: ThreadChainMethod, args: unknown[]): Promise<unknown> {
    if (!this.worker) return Promise.reject(new Error('The chain thread is not running'));
    const callId = this.nextCallId++;
    return new Promise((resolve, reject) => {
      this.calls.set(callId, { resolve, reject });
      this.post({ type: 'call', key, callId, method, args });
    });
  }

  /** The chain `key` is closed: forget its journal and let the process exit when nothing else is open. */
  released(key: number): void {
    this.journals.delete(key);
    this.replaySources.delete(key);
    this.openChains = Math.max(0, this.openChains - 1);
    if (this.openChains === 0) this.worker?.unref();
  }

  private post(message: MainToThread): void {
    this.ensureWorker().postMessage(message);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./chain-thread-entry.mjs', import.meta.url), {
      execArgv: [],
      resourceLimits: { maxYoungGenerationSizeMb: CHAIN_THREAD_YOUNG_GENERATION_MB },
    });
    worker.on('message', (message: ThreadToMain) => this.onMessage(message));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`The chain thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private onMessage(message: ThreadToMain): void {
    switch (message.type) {
      case 'started':
      case 'start-failed': {
        const pending = this.starts.get(message.key);
        this.starts.delete(message.key);
        if (message.type === 'started') pending?.resolve(message.info);
        else pending?.reject(deserializeError(message.error));
        return;
      }
      case 'result':
      case 'failed': {
        const pending = this.calls.get(message.callId);
        this.calls.delete(message.callId);
        if (message.type === 'result') pending?.resolve(message.value);
        else pending?.reject(deserializeError(message.error));
        return;
      }
      case 'journal':
        void this.record(message.key, message.seq, message.entry);
        return;
      case 'replay-page-request':
        void this.sendReplayPage(message.key, message.seq);
    }
  }

  private async sendReplayPage(key: number, seq: number): Promise<void> {
    try {
      const source = this.replaySources.get(key);
      const entries = source ? await source.nextPage() : [];
      // The replay has read the journal once it gets an empty page; nothing needs the source after that.
      if (entries.length === 0) this.replaySources.delete(key);
      this.worker?.postMessage({ type: 'replay-page', key, seq, entries, error: null } satisfies MainToThread);
    } catch (error) {
      this.worker?.postMessage({ type: 'replay-page', key, seq, entries: [], error: serializeError(error) } satisfies MainToThread);
    }
  }

  private async record(key: number, seq: number, entry: Extract<ThreadToMain, { type: 'journal' }>['entry']): Promise<void> {
    try {
      await this.journals.get(key)?.record(entry);
      this.worker?.postMessage({ type: 'journal-ack', key, seq, error: null } satisfies MainToThread);
    } catch (error) {
      this.worker?.postMessage({ type: 'journal-ack', key, seq, error: serializeError(error) } satisfies MainToThread);
    }
  }

  private fail(error: Error): void {
    if (!this.worker) return;
    this.worker = null;
    this.openChains = 0;
    for (const pending of [...this.starts.values(), ...this.calls.values()]) pending.reject(error);
    this.starts.clear();
    this.calls.clear();
    this.journals.clear();
    this.replaySources.clear();
  }
}

let host: ChainThreadHost | null = null;

/**
 * Starts an embedded chain (see startEmbeddedChain) inside the chain thread and returns an adapter with the same
 * interface whose calls travel to it as messages. Errors keep their class and fields (ChainCallError.contractError,
 * JsonRpcError.code) across the boundary.
 */
export async function startEmbeddedChainInThread(options: ThreadedChainOptions): Promise<EmbeddedCarbonCreditChain> {
  host ??= new ChainThreadHost();
  const threadHost = host;
  const { key, info } = await threadHost.start(options);
  let closed = false;
  const call = <T>(method: ThreadChainMethod, ...args: unknown[]) => threadHost.call(key, method, args) as Promise<T>;
  return {
    chainId: info.chainId,
    contractAddress: info.contractAddress,
    custodyAddress: info.custodyAddress,
    startMs: info.startMs,
    mint: (input) => call('mint', input),
    retire: (tokenId, reason) => call('retire', tokenId, reason),
    split: (tokenId, quantityTonnes, to) => call('split', tokenId, quantityTonnes, to),
    mintBatch: (inputs) => call('mintBatch', inputs),
    splitBatch: (inputs) => call('splitBatch', inputs),
    retireBatch: (inputs) => call('retireBatch', inputs),
    transfer: (tokenId, to) => call('transfer', tokenId, to),
    getCreditDetails: (tokenId) => call('getCreditDetails', tokenId),
    ownerOf: (tokenId) => call('ownerOf', tokenId),
    totalSupply: () => call('totalSupply'),
    getTransaction: (txHash) => call('getTransaction', txHash),
    request: (args) => call('request', { method: args.method, params: args.params }),
    nodeRequest: (args) => call('nodeRequest', { method: args.method, params: args.params }),
    synced: () => call('synced'),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await call('close');
      } finally {
        threadHost.released(key);
      }
    },
  };
}
