import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Hex } from 'viem';
import { ChainCallError } from './chain-call-error';
import type { ChainEngine, EmbeddedCarbonCreditChain, ReplayStatus } from './embedded-chain';
import type { ReplayEntry, ReplaySource } from './replay-transactions';
import type { ChainJournal } from './transaction-sender';
import {
  deserializeError,
  serializeError,
  type ChainProcessInfo,
  type ChainProcessMethod,
  type FromChainProcess,
  type ToChainProcess,
} from './chain-process-protocol';

export interface ChainProcessChainOptions {
  /** Custody key; it must stay the same across restarts for the journal to replay onto it. */
  privateKey: Hex;
  /** Journal entries of a previous run, oldest first: all at once, or page by page (fetched as the replay needs them). */
  replay?: readonly ReplayEntry[] | ReplaySource;
  /**
   * The journal as it is now, for a restart of the chain process; without it a chain is not restarted (its calls
   * fail once the process is gone).
   */
  reloadReplay?: () => Promise<ReplaySource>;
  /** Receives every mined transaction in this process; the chain process waits for each `record` to resolve. */
  journal?: ChainJournal;
  /** See EmbeddedChainOptions.replayInBackground. */
  replayInBackground?: boolean;
  /** See EmbeddedChainOptions.engine and storeDirectory. */
  engine?: ChainEngine;
  storeDirectory?: string;
  /** Told each time the chain process came back after a restart (anchoring reconciles then). */
  onRestarted?: () => void;
  log?: (line: string) => void;
}

export interface ChainProcessLimits {
  /** Resident memory at which the chain process is killed and restarted. */
  memoryLimitBytes: number;
  /** How long the chain process may leave a ping unanswered before it counts as stalled and is restarted. */
  stallTimeoutMs: number;
  /**
   * The chain process's scheduling niceness: 10 inside `npm start`, where anchoring yields the CPU to the web server's
   * requests; 0 in `npm run chain`, whose whole job is the chain and whose callers (every instance's anchoring, /rpc)
   * wait on it (at 10, with three busy processes beside it, a read took a p90 of 119–127 ms against 15 ms at 0).
   */
  nice: number;
}

/** What the web server knows of the chain process, for the health detail, the metrics and the audit. */
export interface ChainNodeHealth {
  state: 'starting' | 'up' | 'restarting' | 'stopped';
  pid: number | null;
  restarts: number;
  /** Why the last chain process ended, when one did. */
  lastExit: string | null;
  residentBytes: number | null;
  replay: ReplayStatus | null;
  /** Divergences found by replays since this server started (each is retried after a pause). */
  divergences: number;
}

export const DEFAULT_CHAIN_PROCESS_LIMITS: ChainProcessLimits = { memoryLimitBytes: 4096 * 1024 * 1024, stallTimeoutMs: 15_000, nice: 10 };

// Each tick reads the process's resident memory and pings it.
const WATCH_INTERVAL_MS = 500;
const START_TIMEOUT_MS = 120_000;
const REPLAYED_HISTORY_HEADROOM = 1.5;
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;
// A replay that diverged will diverge again unless something changed: retried, but seldom.
const DIVERGED_RETRY_FIRST_MS = 60_000;
const DIVERGED_RETRY_MAX_MS = 15 * 60_000;
// The chain process's JavaScript heap (EDR's own memory is outside it and bounded by the watchdog).
const CHAIN_PROCESS_HEAP_MB = 512;
const CHAIN_PROCESS_YOUNG_GENERATION_MB = 8;

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

interface HostedChain {
  options: ChainProcessChainOptions;
  info: ChainProcessInfo | null;
  replaySource: ReplaySource | null;
  starting: Pending<ChainProcessInfo> | null;
  replay: ReplayStatus | null;
}

/**
 * The process's own resident memory: resident pages less those backed by files. The persistent engine's LevelDB maps
 * its table files, and the pages of them it reads count as resident too, up to the whole store (1 GB and more at
 * 1,000,000 operations) — the operating system's cache of the store, dropped under pressure, not the process's
 * growth. Counted in, they would pass the memory limit on a long history and have the node killed again and again.
 */
function residentBytesOf(pid: number): number | null {
  try {
    const [, resident, fileBacked] = readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ').map(Number);
    const pages = resident - fileBacked;
    return Number.isFinite(pages) ? pages * 4096 : null;
  } catch {
    return null;
  }
}

/**
 * One child process per web server hosts its embedded chains (Hardhat is loaded once). It is watched: past the memory
 * limit, silent past the stall timeout, or gone for any reason, it is killed and started again, and each chain replays
 * the journal as it is then — the same history, so nothing is lost, and nothing not journaled was ever reported as
 * done. Calls made meanwhile fail at once (anchoring backs off and reconciles; reads answer 503).
 */
class ChainProcessHost {
  private child: ChildProcess | null = null;
  private nextKey = 1;
  private nextCallId = 1;
  private pingSeq = 0;
  private lastPongMs = 0;
  private readonly chains = new Map<number, HostedChain>();
  private readonly calls = new Map<number, Pending<unknown>>();
  private readonly journalWrites = new Set<Promise<void>>();
  private watchTimer: NodeJS.Timeout | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private restartDelayMs = RESTART_FIRST_MS;
  private divergedDelayMs = DIVERGED_RETRY_FIRST_MS;
  state: ChainNodeHealth['state'] = 'starting';
  restarts = 0;
  divergences = 0;
  lastExit: string | null = null;
  /** Resident memory of the chain process when its replay ended (the history's own footprint). */
  private replayedBytes = 0;
  /** Why the watchdog (or a test) is killing the process, for its 'exit'. */
  private killReason: string | null = null;

  constructor(private readonly limits: ChainProcessLimits) {}

  async start(options: ChainProcessChainOptions): Promise<{ key: number; info: ChainProcessInfo }> {
    const key = this.nextKey++;
    const hosted: HostedChain = { options, info: null, replaySource: null, starting: null, replay: null };
    this.chains.set(key, hosted);
    this.ensureChild();
    try {
      const info = await this.startChain(key, hosted, options.replay ?? []);
      return { key, info };
    } catch (error) {
      this.released(key);
      throw error;
    }
  }

  call(key: number, method: ChainProcessMethod, args: unknown[]): Promise<unknown> {
    const hosted = this.chains.get(key);
    if (!this.child || this.state !== 'up' || !hosted?.info) {
      return Promise.reject(new ChainCallError('The chain node is restarting: try again shortly'));
    }
    const callId = this.nextCallId++;
    return new Promise((resolve, reject) => {
      this.calls.set(callId, { resolve, reject });
      this.post({ type: 'call', key, callId, method, args });
    });
  }

  health(key: number): ChainNodeHealth {
    const pid = this.child?.pid ?? null;
    return {
      state: this.state,
      pid,
      restarts: this.restarts,
      lastExit: this.lastExit,
      residentBytes: pid ? residentBytesOf(pid) : null,
      replay: this.chains.get(key)?.replay ?? null,
      divergences: this.divergences,
    };
  }

  /** Kills the chain process as a crash would (tests, and the watchdog). */
  kill(reason: string): void {
    if (!this.child) return;
    this.killReason = reason;
    this.child.kill('SIGKILL');
  }

  /** The chain `key` is closed: forget it, and stop the process when no chain is left. */
  released(key: number): void {
    this.chains.delete(key);
    if (this.chains.size > 0) return;
    this.state = 'stopped';
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.watchTimer) clearInterval(this.watchTimer);
    this.restartTimer = this.watchTimer = null;
    const child = this.child;
    this.child = null;
    child?.disconnect();
    child?.kill('SIGTERM');
  }

  private startChain(key: number, hosted: HostedChain, replay: readonly ReplayEntry[] | ReplaySource): Promise<ChainProcessInfo> {
    const source = Array.isArray(replay) ? null : (replay as ReplaySource);
    hosted.replaySource = source;
    hosted.replay = null;
    return new Promise<ChainProcessInfo>((resolve, reject) => {
      hosted.starting = { resolve, reject };
      this.post({
        type: 'start',
        key,
        options: {
          privateKey: hosted.options.privateKey,
          replay: source ? [] : (replay as readonly ReplayEntry[]),
          replayPages: source ? { hashes: source.hashes, firstPage: source.firstPage } : undefined,
          journal: Boolean(hosted.options.journal),
          replayInBackground: hosted.options.replayInBackground ?? false,
          engine: hosted.options.engine,
          storeDirectory: hosted.options.storeDirectory,
        },
      });
    });
  }

  private post(message: ToChainProcess): void {
    this.child?.send(message, (error) => void error);
  }

  private ensureChild(): ChildProcess {
    if (this.child) return this.child;
    const child = fork(new URL('./chain-process-entry.mjs', import.meta.url), [], {
      execArgv: ['--expose-gc', `--max-old-space-size=${CHAIN_PROCESS_HEAP_MB}`, `--max-semi-space-size=${CHAIN_PROCESS_YOUNG_GENERATION_MB / 2}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, CHAIN_PROCESS_NICE: String(this.limits.nice) },
    });
    child.on('message', (message: FromChainProcess) => this.onMessage(message));
    // A message to a process that is going away fails with EPIPE; its 'exit' follows and says why it went.
    child.on('error', (error) => {
      if (!child.pid) this.lost(child, `could not start: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      const reason = this.killReason ?? `exited (${signal ?? `code ${code}`})`;
      this.killReason = null;
      this.lost(child, reason);
    });
    this.child = child;
    this.state = 'starting';
    this.replayedBytes = 0;
    this.lastPongMs = Date.now();
    this.watchTimer ??= setInterval(() => this.watch(), WATCH_INTERVAL_MS);
    this.watchTimer.unref();
    return child;
  }

  /** The watchdog: memory over the limit or pings unanswered past the stall timeout → kill (and so restart). */
  private watch(): void {
    const child = this.child;
    if (!child?.pid) return;
    const resident = residentBytesOf(child.pid);
    const limitBytes = this.memoryLimitBytes();
    if (resident !== null && limitBytes !== null && resident > limitBytes) {
      return this.kill(`killed at ${Math.round(resident / 1048576)} MB resident, over its ${Math.round(limitBytes / 1048576)} MB limit`);
    }
    // Loading Hardhat blocks the new process's event loop for seconds on a busy machine: stalls count once it runs.
    const allowedMs = this.state === 'up' ? this.limits.stallTimeoutMs : Math.max(this.limits.stallTimeoutMs, START_TIMEOUT_MS);
    if (Date.now() - this.lastPongMs > allowedMs) {
      return this.kill(`killed after ${Math.round((Date.now() - this.lastPongMs) / 1000)} s without answering`);
    }
    this.post({ type: 'ping', seq: this.pingSeq++ });
  }

  /**
   * The memory limit, once every chain has replayed its journal: the configured one, or half again what the replayed
   * history takes when that is more (EDR keeps history in memory, so a long journal would otherwise be killed at the
   * end of every replay, for ever). None while a replay runs: its memory is the history's, not a caller's.
   */
  private memoryLimitBytes(): number | null {
    if ([...this.chains.values()].some((hosted) => hosted.replay?.state !== 'done')) return null;
    return Math.max(this.limits.memoryLimitBytes, this.replayedBytes * REPLAYED_HISTORY_HEADROOM);
  }

  private lost(child: ChildProcess, reason: string): void {
    if (this.child !== child) return;
    this.child = null;
    this.lastExit = reason;
    const error = new ChainCallError(`The chain node stopped (${reason}); it is being restarted`);
    for (const pending of this.calls.values()) pending.reject(error);
    this.calls.clear();
    for (const hosted of this.chains.values()) {
      hosted.starting?.reject(error);
      hosted.starting = null;
      hosted.info = null;
    }
    if (this.chains.size === 0) return;
    this.state = 'restarting';
    this.log(`Chain node ${reason}; restarting in ${this.restartDelayMs} ms`);
    this.scheduleRestart(this.restartDelayMs);
    this.restartDelayMs = Math.min(this.restartDelayMs * 2, RESTART_MAX_MS);
  }

  private scheduleRestart(delayMs: number): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => void this.restart(), delayMs);
    this.restartTimer.unref();
  }

  /**
   * A new chain process, each chain replaying the journal as it stands once every journal write of the old one has
   * settled (a transaction journaled after the replay was read would be missing from the new chain).
   */
  private async restart(): Promise<void> {
    this.restartTimer = null;
    if (this.child) this.kill('killed for a restart');
    await Promise.allSettled([...this.journalWrites]);
    if (this.chains.size === 0) return;
    this.restarts++;
    this.ensureChild();
    try {
      for (const [key, hosted] of this.chains) {
        if (!hosted.options.reloadReplay) continue;
        await this.startChain(key, hosted, await hosted.options.reloadReplay());
      }
      this.restartDelayMs = RESTART_FIRST_MS;
      this.log(`Chain node restarted (restart ${this.restarts})`);
      for (const hosted of this.chains.values()) hosted.options.onRestarted?.();
    } catch (error) {
      this.log(`Chain node restart failed: ${(error as Error).message}`);
      if (!this.child) return;
      this.kill(`restart failed: ${(error as Error).message}`);
    }
  }

  private log(line: string): void {
    const [first] = this.chains.values();
    first?.options.log?.(line);
  }

  private onMessage(message: FromChainProcess): void {
    switch (message.type) {
      case 'pong':
        this.lastPongMs = Date.now();
        return;
      case 'started':
      case 'start-failed': {
        const hosted = this.chains.get(message.key);
        const pending = hosted?.starting;
        if (hosted) hosted.starting = null;
        if (message.type === 'started' && hosted) {
          hosted.info = message.info;
          this.state = 'up';
          this.lastPongMs = Date.now();
          this.watchReplay(message.key);
          pending?.resolve(message.info);
        } else if (message.type === 'start-failed') pending?.reject(deserializeError(message.error));
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
        return this.record(message.key, message.seq, message.entry);
      case 'replay-page-request':
        void this.sendReplayPage(message.key, message.seq, message.fromIndex);
    }
  }

  /** Follows the chain's replay; a divergence is counted, reported, and retried by a restart after a pause. */
  private watchReplay(key: number): void {
    const refresh = () => this.call(key, 'replayStatus', []).then((status) => {
      const hosted = this.chains.get(key);
      if (hosted) hosted.replay = status as ReplayStatus;
      return status as ReplayStatus;
    });
    this.call(key, 'synced', []).then(
      () => refresh().then(() => {
        this.divergedDelayMs = DIVERGED_RETRY_FIRST_MS;
        const pid = this.child?.pid;
        this.replayedBytes = Math.max(this.replayedBytes, (pid && residentBytesOf(pid)) || 0);
      }),
      async () => {
        const status = await refresh().catch(() => null);
        if (!status || !this.chains.has(key) || this.state !== 'up') return;
        if (status.state === 'diverged') this.divergences++;
        this.log(`Chain replay ${status.state}: ${status.error}; retrying in ${Math.round(this.divergedDelayMs / 1000)} s`);
        this.scheduleRestart(this.divergedDelayMs);
        this.divergedDelayMs = Math.min(this.divergedDelayMs * 2, DIVERGED_RETRY_MAX_MS);
      },
    ).catch(() => undefined); // the process went away meanwhile: its restart watches the next replay
    // While it replays, the health detail shows its progress.
    const poll = setInterval(() => {
      const hosted = this.chains.get(key);
      if (!hosted?.info || hosted.replay?.state !== undefined && hosted.replay.state !== 'replaying') return clearInterval(poll);
      refresh().catch(() => clearInterval(poll));
    }, 1000);
    poll.unref();
  }

  private async sendReplayPage(key: number, seq: number, fromIndex?: number): Promise<void> {
    const child = this.child;
    try {
      const source = this.chains.get(key)?.replaySource;
      const entries = source ? await source.nextPage(fromIndex) : [];
      if (entries.length === 0) {
        const hosted = this.chains.get(key);
        if (hosted) hosted.replaySource = null;
      }
      if (child === this.child) this.post({ type: 'replay-page', key, seq, entries, error: null });
    } catch (error) {
      if (child === this.child) this.post({ type: 'replay-page', key, seq, entries: [], error: serializeError(error) });
    }
  }

  private record(key: number, seq: number, entry: Extract<FromChainProcess, { type: 'journal' }>['entry']): void {
    const child = this.child;
    const write = (async () => {
      try {
        await this.chains.get(key)?.options.journal?.record(entry);
        if (child === this.child) this.post({ type: 'journal-ack', key, seq, error: null });
      } catch (error) {
        if (child === this.child) this.post({ type: 'journal-ack', key, seq, error: serializeError(error) });
      }
    })();
    this.journalWrites.add(write);
    void write.finally(() => this.journalWrites.delete(write));
  }
}

// Chains with the same limits share a process (Hardhat loads once); tests that set other limits get their own.
const hosts = new Map<string, ChainProcessHost>();
let hostLimits = DEFAULT_CHAIN_PROCESS_LIMITS;

/** Sets the watchdog's limits for the chain process started next (the process entry reads them from config). */
export function configureChainProcess(limits: ChainProcessLimits): void {
  hostLimits = limits;
}

export type ProcessCarbonCreditChain = EmbeddedCarbonCreditChain & {
  /** The chain process as the web server sees it. */
  nodeHealth(): ChainNodeHealth;
  /** Kills the chain process as a crash would; it is restarted like after any crash. */
  killNode(reason?: string): void;
};

/**
 * Starts an embedded chain (see startEmbeddedChain) inside the chain process and returns an adapter with the same
 * interface whose calls travel to it as messages. Errors keep their class and fields (ChainCallError.contractError,
 * JsonRpcError.code) across the boundary.
 */
export async function startEmbeddedChainProcess(options: ChainProcessChainOptions): Promise<ProcessCarbonCreditChain> {
  const limitsKey = `${hostLimits.memoryLimitBytes}:${hostLimits.stallTimeoutMs}:${hostLimits.nice}`;
  let processHost = hosts.get(limitsKey);
  if (!processHost || processHost.state === 'stopped') hosts.set(limitsKey, (processHost = new ChainProcessHost(hostLimits)));
  const { key, info } = await processHost.start(options);
  let closed = false;
  const call = <T>(method: ChainProcessMethod, ...args: unknown[]) => processHost.call(key, method, args) as Promise<T>;
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
    anchorAuditHead: (head) => call('anchorAuditHead', head),
    fence: () => call('fence'),
    readAuditAnchor: (txHash) => call('readAuditAnchor', txHash),
    request: (args) => call('request', { method: args.method, params: args.params }),
    nodeRequest: (args) => call('nodeRequest', { method: args.method, params: args.params }),
    publicRequest: (args) => call('publicRequest', { method: args.method, params: args.params }),
    synced: () => call('synced'),
    replayStatus: () => processHost.health(key).replay ?? { entries: 0, replayed: 0, state: 'replaying', divergence: null, foreignDivergences: 0, error: null },
    relayCustodyTransaction: (rawTransaction) => call('relayCustodyTransaction', rawTransaction),
    nodeHealth: () => processHost.health(key),
    killNode: (reason = 'killed on request') => processHost.kill(reason),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await call('close').catch(() => undefined);
      } finally {
        processHost.released(key);
      }
    },
  };
}
