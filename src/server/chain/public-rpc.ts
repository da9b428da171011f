import type { Hex } from 'viem';
import type { TransactionSender } from './transaction-sender.js';

/** One EIP-1193 request, as a browser wallet sends it to /rpc. */
export interface Eip1193Request {
  method: string;
  params?: unknown;
}

export type Eip1193RequestFn = (args: Eip1193Request) => Promise<unknown>;

/** A JSON-RPC error with the standard fields, so the /rpc route can answer `{ error: { code, message, data } }`. */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

// What a wallet needs to read state and submit its own signed transactions. Anything that signs with node keys
// (eth_sendTransaction, eth_sign…) or rewrites the chain (hardhat_*, evm_*, debug_*) stays private to the server.
const PUBLIC_METHODS = new Set([
  'web3_clientVersion',
  'net_version',
  'net_listening',
  'eth_chainId',
  'eth_syncing',
  'eth_blockNumber',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_call',
  'eth_estimateGas',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_sendRawTransaction',
]);

/** True when a browser may call `method` through /rpc. */
export function isPublicRpcMethod(method: string): boolean {
  return PUBLIC_METHODS.has(method) || method === 'eth_accounts';
}

/**
 * The request function served at /rpc: allow-listed reads go straight to the node; raw transactions go through the
 * adapter's sender so they are ordered and journaled with its own (a replay must see them too).
 */
export function createPublicRpc(upstream: Eip1193RequestFn, sender: TransactionSender): Eip1193RequestFn {
  return async ({ method, params }) => {
    if (!isPublicRpcMethod(method)) throw new JsonRpcError(-32601, `Method ${method} is not available`);
    // The node holds no keys a visitor may use.
    if (method === 'eth_accounts') return [];
    if (method === 'eth_sendRawTransaction') {
      const [rawTransaction] = Array.isArray(params) ? (params as unknown[]) : [];
      if (typeof rawTransaction !== 'string' || !rawTransaction.startsWith('0x')) {
        throw new JsonRpcError(-32602, 'eth_sendRawTransaction expects one hex-encoded transaction');
      }
      const { txHash } = await sender.sendRaw('rpc', rawTransaction as Hex);
      return txHash;
    }
    return upstream({ method, params });
  };
}
