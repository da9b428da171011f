import { JsonRpcError, LIMIT_EXCEEDED, type Eip1193RequestFn } from './public-rpc';
import type { RpcAdmission } from './rpc-admission';
import type { RpcLimits } from './rpc-limits';
import { ChainTimeoutError, withTimeout } from './with-timeout';

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
  if (typeof id === 'number' && Number.isFinite(id)) return id;
  // An id is echoed back: a long one would let a small request ask for a large answer.
  return typeof id === 'string' && id.length <= 128 ? id : null;
}

export interface JsonRpcServeOptions {
  /** The chain's public entry (the gateway); absent when the chain is disabled. */
  request: Eip1193RequestFn | undefined;
  timeoutMs: number;
  limits: Pick<RpcLimits, 'maxBatch' | 'maxResponseBytes'>;
  /** Per-client and overall admission; absent for trusted callers (the chain node's app instances). */
  admission?: RpcAdmission;
  /** Who is calling (an IP address), for the admission. */
  client?: string;
}

/** The HTTP answer to a JSON-RPC body: 200 with the answer(s), or 429 when the client is over its rate. */
export type JsonRpcHttpAnswer =
  | { status: 200; body: JsonRpcResponse | JsonRpcResponse[] }
  | { status: 429; retryAfterSeconds: number; body: { message: string } };

/**
 * Answers a JSON-RPC 2.0 body (one call or a batch of at most `maxBatch`) through the gateway. Each call is admitted
 * first (rate and concurrency), waits at most `timeoutMs`, and keeps the node's error code and data (revert data for
 * wallets to decode); answers past `maxResponseBytes` in total are replaced by a "too large" error.
 */
export async function answerJsonRpcBody(body: unknown, options: JsonRpcServeOptions): Promise<JsonRpcHttpAnswer> {
  const calls = Array.isArray(body) ? body : [body];
  if (Array.isArray(body) && (body.length === 0 || body.length > options.limits.maxBatch)) {
    return { status: 200, body: failure(null, INVALID_REQUEST, `Invalid Request: a batch holds 1 to ${options.limits.maxBatch} calls`) };
  }
  const client = options.client ?? 'local';
  const waitMs = options.admission?.takeCalls(client, calls.length, Date.now()) ?? 0;
  if (waitMs > 0) {
    return { status: 429, retryAfterSeconds: Math.ceil(waitMs / 1000), body: { message: 'Too many JSON-RPC calls from this address: slow down and retry after the Retry-After seconds' } };
  }
  const answers = await Promise.all(calls.map((message) => answerOne(message, options, client)));
  const bounded = withinSize(answers, options.limits.maxResponseBytes);
  return { status: 200, body: Array.isArray(body) ? bounded : bounded[0] };
}

async function answerOne(message: unknown, options: JsonRpcServeOptions, client: string): Promise<JsonRpcResponse> {
  const id = idOf(message);
  if (typeof message !== 'object' || message === null || typeof (message as { method?: unknown }).method !== 'string') {
    return failure(id, INVALID_REQUEST, 'Invalid Request: expected {"jsonrpc":"2.0","id":…,"method":"…","params":[…]}');
  }
  if (!options.request) return failure(id, INTERNAL_ERROR, 'The chain is disabled on this server (CHAIN_ENABLED=false)');
  const leave = options.admission ? options.admission.enter(client) : () => {};
  if (!leave) return failure(id, LIMIT_EXCEEDED, 'Too many JSON-RPC calls running at once: wait for your earlier calls, then retry');
  const { method, params } = message as { method: string; params?: unknown };
  // The slot is held until the node is done with the call, not only until the answer gave up waiting: a client whose
  // calls time out cannot pile up more work on the node than its share.
  const running = options.request({ method, params: params ?? [] });
  void running.then(leave, leave);
  try {
    return { jsonrpc: '2.0', id, result: await withTimeout(running, options.timeoutMs) };
  } catch (error) {
    if (error instanceof ChainTimeoutError) return failure(id, LIMIT_EXCEEDED, error.message);
    const { code, message: text, data } = error as { code?: unknown; message?: unknown; data?: unknown };
    if (error instanceof JsonRpcError || typeof code === 'number') {
      return failure(id, typeof code === 'number' ? code : INTERNAL_ERROR, typeof text === 'string' ? text : 'Internal error', data);
    }
    return failure(id, INTERNAL_ERROR, 'The chain could not answer this call now; retry shortly');
  }
}

/** The answers in order, each replaced by an error once the total would pass `maxBytes`. */
function withinSize(answers: JsonRpcResponse[], maxBytes: number): JsonRpcResponse[] {
  let total = 0;
  return answers.map((answer) => {
    total += JSON.stringify(answer).length;
    if (total <= maxBytes) return answer;
    return failure(answer.id, LIMIT_EXCEEDED, `The answer would exceed ${maxBytes} bytes: ask for less in one request`);
  });
}
