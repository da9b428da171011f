import { limitConcurrency } from './limit-concurrency';
import { RPC_LIMITS, type RpcLimits } from './rpc-limits';

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

export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
/** EIP-1474's "limit exceeded": the call asks for more than the gateway serves. */
export const LIMIT_EXCEEDED = -32005;

/**
 * The read methods anyone may call: what a wallet or an explorer needs to read state and verify a certificate's
 * transaction, receipt and token. Nothing here writes, signs, or keeps state on the node for the caller.
 */
const READ_METHODS = new Set([
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
  'eth_accounts',
]);

/** Every method /rpc answers, for the documentation and the tests. */
export const PUBLIC_RPC_METHODS: readonly string[] = [...READ_METHODS];

/** Why a method is refused: the first rule whose test matches gives the message. */
const REFUSALS: readonly { test: (method: string) => boolean; why: string }[] = [
  {
    test: (method) => method === 'eth_sendRawTransaction' || method === 'eth_sendTransaction' || method === 'eth_sendRawTransactionSync',
    why: 'this gateway only reads: the chain records the marketplace\'s own transactions, signed by its custody key, and nobody else\'s',
  },
  {
    test: (method) => /^(eth_sign|eth_signTransaction|eth_signTypedData.*|personal_.*|wallet_.*)$/.test(method),
    why: 'this node holds no keys for visitors: sign in your own wallet',
  },
  {
    test: (method) => /^(eth_newFilter|eth_newBlockFilter|eth_newPendingTransactionFilter|eth_getFilterChanges|eth_getFilterLogs|eth_uninstallFilter|eth_subscribe|eth_unsubscribe)$/.test(method),
    why: 'filters and subscriptions keep state on the node: poll eth_getLogs over a block range instead',
  },
  {
    test: (method) => /^(hardhat|evm|debug|anvil|admin|miner|txpool|engine|trace|ots)_/.test(method),
    why: 'node-control and tracing methods are private to the marketplace',
  },
];

/** True when anyone may call `method` through /rpc. */
export function isPublicRpcMethod(method: string): boolean {
  return READ_METHODS.has(method);
}

/** The JSON-RPC error for a method /rpc does not serve, saying why. */
export function refusedMethod(method: string): JsonRpcError {
  const shown = method.length > 64 ? `${method.slice(0, 64)}…` : method;
  const refusal = REFUSALS.find((rule) => rule.test(method));
  if (refusal) return new JsonRpcError(METHOD_NOT_FOUND, `Method ${shown} is refused: ${refusal.why}`);
  return new JsonRpcError(METHOD_NOT_FOUND, `Method ${shown} is not available: /rpc serves only the read methods listed in /api/docs`);
}

/** eth_call and eth_estimateGas running at once: each may hold up to ~170 MB of trace until it ends. */
const EXECUTIONS_IN_FLIGHT = 2;

const HEX_QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/i;
const HEX_DATA = /^0x([0-9a-f]{2})*$/i;
const HASH = /^0x[0-9a-f]{64}$/i;
const BLOCK_TAGS = new Set(['latest', 'earliest', 'pending', 'safe', 'finalized']);

const invalid = (message: string) => new JsonRpcError(INVALID_PARAMS, message);

function paramsOf(method: string, params: unknown, max: number): unknown[] {
  if (params === undefined || params === null) return [];
  if (!Array.isArray(params)) throw invalid(`${method} expects its params as an array`);
  if (params.length > max) throw invalid(`${method} takes at most ${max} params`);
  return params;
}

function checkBlock(method: string, block: unknown): void {
  if (block === undefined) return;
  if (typeof block === 'string' && (BLOCK_TAGS.has(block) || HEX_QUANTITY.test(block))) return;
  if (typeof block === 'object' && block !== null && !Array.isArray(block)) {
    const { blockHash, blockNumber } = block as { blockHash?: unknown; blockNumber?: unknown };
    if (typeof blockHash === 'string' && HASH.test(blockHash)) return;
    if (typeof blockNumber === 'string' && HEX_QUANTITY.test(blockNumber)) return;
  }
  throw invalid(`${method}: a block is a tag (latest, earliest, pending, safe, finalized), a hex number or {blockHash}`);
}

const CALL_FIELDS = new Set([
  'from', 'to', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'value', 'data', 'input', 'nonce', 'type', 'accessList', 'chainId',
]);

/** A call object with its gas capped: absent gas becomes the cap, more than the cap is refused. */
function boundedCall(method: string, call: unknown, limits: RpcLimits): Record<string, unknown> {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) throw invalid(`${method} expects a call object first`);
  const fields = call as Record<string, unknown>;
  for (const [name, value] of Object.entries(fields)) {
    if (!CALL_FIELDS.has(name)) throw invalid(`${method}: unknown call field ${name.slice(0, 32)}`);
    if (name === 'accessList') {
      if (!Array.isArray(value) || value.length > 64) throw invalid(`${method}: accessList is an array of at most 64 entries`);
    } else if (name === 'data' || name === 'input') {
      if (typeof value !== 'string' || !HEX_DATA.test(value)) throw invalid(`${method}: ${name} is hex-encoded bytes`);
    } else if (name === 'from' || name === 'to') {
      if (value !== null && (typeof value !== 'string' || !/^0x[0-9a-f]{40}$/i.test(value))) throw invalid(`${method}: ${name} is a 20-byte address`);
    } else if (typeof value !== 'string' || !HEX_QUANTITY.test(value)) {
      throw invalid(`${method}: ${name} is a hex quantity`);
    }
  }
  if (fields.gas === undefined) return { ...fields, gas: `0x${limits.gasCap.toString(16)}` };
  if (BigInt(fields.gas as string) > BigInt(limits.gasCap)) {
    throw new JsonRpcError(LIMIT_EXCEEDED, `${method}: gas ${BigInt(fields.gas as string)} is above this gateway's cap of ${limits.gasCap}`);
  }
  return fields;
}

interface LogFilter {
  fromBlock?: unknown;
  toBlock?: unknown;
  blockHash?: unknown;
  address?: unknown;
  topics?: unknown;
}

async function boundedLogFilter(filter: unknown, upstream: Eip1193RequestFn, limits: RpcLimits): Promise<LogFilter> {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw invalid('eth_getLogs expects a filter object');
  const { fromBlock, toBlock, blockHash, address, topics, ...rest } = filter as LogFilter;
  if (Object.keys(rest).length > 0) throw invalid(`eth_getLogs: unknown filter field ${Object.keys(rest)[0].slice(0, 32)}`);
  const addresses = Array.isArray(address) ? address : address === undefined || address === null ? [] : [address];
  if (addresses.length > 16 || addresses.some((one) => typeof one !== 'string' || !/^0x[0-9a-f]{40}$/i.test(one))) {
    throw invalid('eth_getLogs: address is one address or an array of at most 16');
  }
  if (topics !== undefined && topics !== null && (!Array.isArray(topics) || topics.length > 4 || JSON.stringify(topics).length > 8192)) {
    throw invalid('eth_getLogs: topics is an array of at most 4 positions');
  }
  if (blockHash !== undefined) {
    if (typeof blockHash !== 'string' || !HASH.test(blockHash)) throw invalid('eth_getLogs: blockHash is a 32-byte hash');
    if (fromBlock !== undefined || toBlock !== undefined) throw invalid('eth_getLogs: blockHash excludes fromBlock and toBlock');
    return { blockHash, address, topics };
  }
  const latest = BigInt((await upstream({ method: 'eth_blockNumber', params: [] })) as string);
  const number = (block: unknown, name: string): bigint => {
    if (block === undefined || block === 'latest' || block === 'pending' || block === 'safe' || block === 'finalized') return latest;
    if (block === 'earliest') return 0n;
    if (typeof block === 'string' && HEX_QUANTITY.test(block)) return BigInt(block);
    throw invalid(`eth_getLogs: ${name} is a block tag or a hex number`);
  };
  const from = number(fromBlock, 'fromBlock');
  const to = number(toBlock, 'toBlock');
  if (from > to) throw invalid(`eth_getLogs: fromBlock ${from} is after toBlock ${to}`);
  if (to - from + 1n > BigInt(limits.logsMaxBlocks)) {
    throw new JsonRpcError(LIMIT_EXCEEDED, `eth_getLogs: a query spans at most ${limits.logsMaxBlocks} blocks (asked ${to - from + 1n}); split the range`);
  }
  return { fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}`, address, topics };
}

/**
 * The request function served at /rpc, in front of the embedded chain or a remote node alike: the read methods only,
 * each within bounds that a stranger cannot turn into a node's worth of memory or time — `eth_call` and
 * `eth_estimateGas` run with at most `gasCap` gas (the EVM really stops there: the node's tracing holds about 0.5 KB
 * per executed step until the call ends), `eth_getLogs` spans at most `logsMaxBlocks` blocks and answers at most
 * `logsMaxResults` logs, `eth_feeHistory` at most 128 blocks. Params are checked before anything reaches the node.
 */
export function createPublicRpc(upstream: Eip1193RequestFn, limits: RpcLimits = RPC_LIMITS): Eip1193RequestFn {
  // The node runs one call at a time anyway; executions wait their turn here, so at most two traces are alive at once.
  const execute = limitConcurrency(upstream, EXECUTIONS_IN_FLIGHT);
  return async ({ method, params }) => {
    if (!isPublicRpcMethod(method)) throw refusedMethod(method);
    // The node holds no keys a visitor may use.
    if (method === 'eth_accounts') return [];
    if (method === 'eth_call' || method === 'eth_estimateGas') {
      const [call, block, overrides] = paramsOf(method, params, 3);
      if (overrides !== undefined) throw invalid(`${method}: state overrides are not available on this gateway`);
      checkBlock(method, block);
      return execute({ method, params: block === undefined ? [boundedCall(method, call, limits)] : [boundedCall(method, call, limits), block] });
    }
    if (method === 'eth_getLogs') {
      const [filter] = paramsOf(method, params, 1);
      const logs = await upstream({ method, params: [await boundedLogFilter(filter, upstream, limits)] });
      if (Array.isArray(logs) && logs.length > limits.logsMaxResults) {
        throw new JsonRpcError(LIMIT_EXCEEDED, `eth_getLogs: more than ${limits.logsMaxResults} logs match; narrow the block range or the filter`);
      }
      return logs;
    }
    if (method === 'eth_feeHistory') {
      const [count, newest, percentiles] = paramsOf(method, params, 3);
      const blocks = typeof count === 'number' ? count : typeof count === 'string' && HEX_QUANTITY.test(count) ? Number(BigInt(count)) : NaN;
      if (!(blocks >= 1 && blocks <= 128)) throw invalid('eth_feeHistory: blockCount is 1 to 128');
      if (percentiles !== undefined && (!Array.isArray(percentiles) || percentiles.length > 100)) throw invalid('eth_feeHistory: at most 100 percentiles');
      checkBlock(method, newest);
      return upstream({ method, params });
    }
    return upstream({ method, params: checkedReadParams(method, params) });
  };
}

/** The plain reads: a bounded number of params, hashes and blocks well-formed. */
function checkedReadParams(method: string, params: unknown): unknown[] {
  const list = paramsOf(method, params, 3);
  if (/^eth_get(TransactionByHash|TransactionReceipt|BlockByHash|BlockTransactionCountByHash|TransactionByBlockHashAndIndex)$/.test(method)) {
    if (typeof list[0] !== 'string' || !HASH.test(list[0])) throw invalid(`${method} expects a 32-byte hash first`);
  }
  if (method === 'eth_getBlockByNumber' || method === 'eth_getBlockTransactionCountByNumber' || method === 'eth_getTransactionByBlockNumberAndIndex') {
    checkBlock(method, list[0] ?? 'latest');
  }
  if (method === 'eth_getBalance' || method === 'eth_getCode' || method === 'eth_getTransactionCount') checkBlock(method, list[1]);
  if (method === 'eth_getStorageAt') checkBlock(method, list[2]);
  for (const param of list) {
    if (typeof param === 'object' && param !== null && JSON.stringify(param).length > 1024) throw invalid(`${method}: a param is too large`);
    if (typeof param === 'string' && param.length > 200) throw invalid(`${method}: a param is too long`);
  }
  return list;
}
