// Body of the chain process (started by chain-process.ts through chain-process-entry.mjs): hosts embedded chains so
// that the EVM, signing and JSON-RPC plumbing (several milliseconds of CPU per transaction, and whatever memory a call
// takes) never run in the process that serves HTTP and the database.
import { startEmbeddedChain, type EmbeddedCarbonCreditChain } from './embedded-chain';
import {
  deserializeError, serializeError, type ChainProcessOptions, type FromChainProcess, type ToChainProcess,
} from './chain-process-protocol';
import type { ReplayEntry, ReplaySource } from './replay-transactions';
import type { ChainJournal, ChainJournalEntry } from './transaction-sender';

if (!process.send) throw new Error('chain-process-body.ts must run in a child process with an IPC channel');
const send = process.send.bind(process);
// The web server is the only reason to live: when its channel closes (it exited, even by SIGKILL), so does this.
process.on('disconnect', () => process.exit(0));

const chains = new Map<number, EmbeddedCarbonCreditChain>();
const journalAcks = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
const replayPages = new Map<string, { resolve: (entries: readonly ReplayEntry[]) => void; reject: (error: Error) => void }>();
let nextSeq = 0;

function post(message: FromChainProcess): void {
  send(message);
}

// The sender awaits `record` before sending its next transaction, so the web server's durable write is part of the
// ordering guarantee, exactly as if the journal were local.
function forwardingJournal(key: number): ChainJournal {
  return {
    record(entry: ChainJournalEntry) {
      const seq = nextSeq++;
      return new Promise<void>((resolve, reject) => {
        journalAcks.set(`${key}:${seq}`, { resolve, reject });
        post({ type: 'journal', key, seq, entry });
      });
    },
  };
}

// The database lives in the web server: each next page of a long journal is asked for when the replay reaches it.
function forwardingReplaySource(key: number, pages: NonNullable<ChainProcessOptions['replayPages']>): ReplaySource {
  return {
    hashes: pages.hashes,
    firstPage: pages.firstPage,
    nextPage(fromIndex?: number) {
      const seq = nextSeq++;
      return new Promise((resolve, reject) => {
        replayPages.set(`${key}:${seq}`, { resolve, reject });
        post({ type: 'replay-page-request', key, seq, fromIndex });
      });
    },
  };
}

async function start(key: number, options: ChainProcessOptions): Promise<void> {
  try {
    const chain = await startEmbeddedChain({
      privateKey: options.privateKey,
      replay: options.replayPages ? forwardingReplaySource(key, options.replayPages) : options.replay,
      journal: options.journal ? forwardingJournal(key) : undefined,
      replayInBackground: options.replayInBackground,
      engine: options.engine,
      storeDirectory: options.storeDirectory,
    });
    chains.set(key, chain);
    post({ type: 'started', key, info: { chainId: chain.chainId, contractAddress: chain.contractAddress, custodyAddress: chain.custodyAddress, startMs: chain.startMs } });
  } catch (error) {
    post({ type: 'start-failed', key, error: serializeError(error) });
  }
}

/**
 * The EVM's trace of a call (about 0.5 KB a step, native memory) lives as long as the JavaScript object Hardhat wraps
 * it in, and this process's small heap seldom collects: ten public eth_calls at the gas cap left 900 MB resident,
 * growing with each. A collection after each long call frees it (measured: ~330–370 MB, flat); short reads, which are
 * almost all calls, skip it.
 */
const LONG_CALL_MS = 20;
const collectGarbage = (globalThis as { gc?: () => void }).gc;

async function call(message: Extract<ToChainProcess, { type: 'call' }>): Promise<void> {
  const chain = chains.get(message.key);
  const startedMs = performance.now();
  try {
    if (!chain) throw new Error(`Chain ${message.key} is not running in the chain process`);
    const method = chain[message.method] as (...args: unknown[]) => Promise<unknown>;
    const value = await method.apply(chain, message.args);
    if (message.method === 'close') chains.delete(message.key);
    post({ type: 'result', callId: message.callId, value });
  } catch (error) {
    post({ type: 'failed', callId: message.callId, error: serializeError(error) });
  }
  if (message.method === 'request' && performance.now() - startedMs > LONG_CALL_MS) collectGarbage?.();
}

process.on('message', (message: ToChainProcess) => {
  if (message.type === 'ping') post({ type: 'pong', seq: message.seq });
  else if (message.type === 'start') void start(message.key, message.options);
  else if (message.type === 'call') void call(message);
  else if (message.type === 'replay-page') {
    const page = replayPages.get(`${message.key}:${message.seq}`);
    replayPages.delete(`${message.key}:${message.seq}`);
    if (message.error) page?.reject(deserializeError(message.error));
    else page?.resolve(message.entries);
  } else {
    const ack = journalAcks.get(`${message.key}:${message.seq}`);
    journalAcks.delete(`${message.key}:${message.seq}`);
    if (message.error) ack?.reject(new Error(`Journal write failed: ${message.error.message}`));
    else ack?.resolve();
  }
});
