import type { Hex } from 'viem';
import { ChainCallError, type ContractRevert } from './chain-call-error';
import { JsonRpcError } from './public-rpc';
import type { ChainEngine } from './embedded-chain';
import type { ReplayEntry } from './replay-transactions';
import type { ChainJournalEntry } from './transaction-sender';

/** The chain methods the web server may call on a chain hosted in the chain process. */
export const CHAIN_PROCESS_METHODS = [
  'mint',
  'retire',
  'split',
  'mintBatch',
  'splitBatch',
  'retireBatch',
  'transfer',
  'getCreditDetails',
  'ownerOf',
  'totalSupply',
  'getTransaction',
  'anchorAuditHead',
  'fence',
  'readAuditAnchor',
  'request',
  'nodeRequest',
  'publicRequest',
  'synced',
  'replayStatus',
  'relayCustodyTransaction',
  'close',
] as const;
export type ChainProcessMethod = (typeof CHAIN_PROCESS_METHODS)[number];

export interface ChainProcessOptions {
  privateKey: Hex;
  replay: readonly ReplayEntry[];
  /**
   * A long journal read page by page instead (`replay` is then empty): the chain process asks the web server, which
   * holds the database, for each next page as the replay reaches it.
   */
  replayPages?: { hashes: readonly Hex[]; firstPage: readonly ReplayEntry[] };
  /** Whether the chain process forwards each mined transaction to the web server's journal (and waits for it). */
  journal: boolean;
  replayInBackground: boolean;
  engine?: ChainEngine;
  storeDirectory?: string;
}

export interface ChainProcessInfo {
  chainId: number;
  contractAddress: Hex;
  custodyAddress: Hex;
  startMs: number;
}

export type ToChainProcess =
  | { type: 'start'; key: number; options: ChainProcessOptions }
  | { type: 'call'; key: number; callId: number; method: ChainProcessMethod; args: unknown[] }
  | { type: 'ping'; seq: number }
  | { type: 'journal-ack'; key: number; seq: number; error: SerializedError | null }
  | { type: 'replay-page'; key: number; seq: number; entries: readonly ReplayEntry[]; error: SerializedError | null };

export type FromChainProcess =
  | { type: 'started'; key: number; info: ChainProcessInfo }
  | { type: 'pong'; seq: number }
  | { type: 'start-failed'; key: number; error: SerializedError }
  | { type: 'result'; callId: number; value: unknown }
  | { type: 'failed'; callId: number; error: SerializedError }
  | { type: 'journal'; key: number; seq: number; entry: ChainJournalEntry }
  | { type: 'replay-page-request'; key: number; seq: number; fromIndex?: number };

/** An error as it crosses the process boundary; the adapter's two error classes keep their fields. */
export interface SerializedError {
  name: string;
  message: string;
  contractError?: ContractRevert | null;
  code?: number;
  data?: unknown;
  cause?: string;
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof ChainCallError) {
    return { name: error.name, message: error.message, contractError: error.contractError, cause: causeText(error.cause) };
  }
  if (error instanceof JsonRpcError) return { name: error.name, message: error.message, code: error.code, data: cloneable(error.data) };
  if (error instanceof Error) {
    const { code, data } = error as { code?: unknown; data?: unknown };
    return { name: error.name, message: error.message, code: typeof code === 'number' ? code : undefined, data: cloneable(data) };
  }
  return { name: 'Error', message: String(error) };
}

export function deserializeError(error: SerializedError): Error {
  if (error.name === 'ChainCallError') {
    return new ChainCallError(error.message, { contractError: error.contractError ?? null, cause: error.cause ? new Error(error.cause) : undefined });
  }
  if (typeof error.code === 'number') return new JsonRpcError(error.code, error.message, error.data);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

function causeText(cause: unknown): string | undefined {
  if (cause instanceof Error) return cause.message;
  return cause === undefined ? undefined : String(cause);
}

// Revert data and the like are strings or plain objects; anything else (a function, a class instance) is dropped
// rather than failing the structured clone.
function cloneable(value: unknown): unknown {
  if (value === undefined || value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value)) return value;
  try {
    return structuredClone(value);
  } catch {
    return undefined;
  }
}
