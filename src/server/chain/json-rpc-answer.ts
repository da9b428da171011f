import { keccak256, type Hex } from 'viem';
import type { CarbonCreditChain } from './carbon-credit.js';
import { ChainTimeoutError, withTimeout } from './with-timeout.js';

type JsonRpcId = string | number | null;

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: { code: number; message: string; data?: unknown } };

const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;

function failure(id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

function idOf(message: unknown): JsonRpcId {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * Answers one JSON-RPC 2.0 request through the chain's public entry point (allow-listed methods only). Errors keep
 * the node's code and data (revert data for wallets to decode), else −32603. A read slower than `timeoutMs` fails;
 * a raw transaction still being mined is answered with its hash, which is what the method returns anyway.
 */
export async function answerJsonRpc(chain: CarbonCreditChain | undefined, message: unknown, timeoutMs: number): Promise<JsonRpcResponse> {
  const id = idOf(message);
  if (typeof message !== 'object' || message === null || typeof (message as { method?: unknown }).method !== 'string') {
    return failure(id, INVALID_REQUEST, 'Invalid Request: expected {"jsonrpc":"2.0","id":…,"method":"…","params":[…]}');
  }
  if (!chain) return failure(id, INTERNAL_ERROR, 'The chain is disabled on this server (CHAIN_ENABLED=false)');
  const { method, params } = message as { method: string; params?: unknown };
  const call = chain.request({ method, params: params ?? [] });
  try {
    return { jsonrpc: '2.0', id, result: await withTimeout(call, timeoutMs) };
  } catch (error) {
    const raw = Array.isArray(params) ? params[0] : undefined;
    if (error instanceof ChainTimeoutError && method === 'eth_sendRawTransaction' && typeof raw === 'string') {
      call.catch(() => undefined);
      return { jsonrpc: '2.0', id, result: keccak256(raw as Hex) };
    }
    const { code, message: text, data } = error as { code?: unknown; message?: unknown; data?: unknown };
    return failure(id, typeof code === 'number' ? code : INTERNAL_ERROR, typeof text === 'string' ? text : 'Internal error', data);
  }
}
