/**
 * The bounds of the public JSON-RPC gateway (/rpc). Measured on the embedded chain (2 cores; `npm run bench --
 * rpc-gateway` prints them again): the node's tracing holds about 0.5 KB for each EVM step until a call ends, and the
 * cheapest steps cost 1 gas, so a call's memory grows with its gas and faster than linearly past ~300,000 (a
 * JUMPDEST loop: 300,000 gas → ~130–170 MB and ~70 ms; 1,000,000 → ~820 MB and 1.8 s; the block limit → the whole
 * machine). The contract's reads use under 100,000 gas.
 */
export interface RpcLimits {
  /** Gas of one eth_call or eth_estimateGas: given when absent, refused above. */
  gasCap: number;
  /** Blocks one eth_getLogs may span (a block carries up to a few hundred anchoring events). */
  logsMaxBlocks: number;
  /** Logs one eth_getLogs may answer. */
  logsMaxResults: number;
  /** Calls in one batch. */
  maxBatch: number;
  /** Bytes of one request body. */
  maxBodyBytes: number;
  /** Bytes of one answer (all of a batch's results together). */
  maxResponseBytes: number;
  /** Calls one client (IP address) may make per minute, a batch counting each of its calls. */
  callsPerMinute: number;
  /** Calls of one client running at once; more wait for none, they are refused. */
  concurrentCallsPerClient: number;
  /** Calls of everyone running or queued at once: past it the gateway answers "busy" instead of queueing. */
  concurrentCalls: number;
}

export const RPC_LIMITS: RpcLimits = {
  gasCap: 300_000,
  logsMaxBlocks: 100,
  logsMaxResults: 5_000,
  maxBatch: 20,
  maxBodyBytes: 128 * 1024,
  maxResponseBytes: 4 * 1024 * 1024,
  callsPerMinute: 1_200,
  concurrentCallsPerClient: 8,
  concurrentCalls: 64,
};

/**
 * The chain node's limits for its own app instances (`npm run chain`, on a private network): they estimate and
 * check anchoring batches of a few hundred operations (~30,000 gas a mint) and audit logs over long ranges.
 */
export const TRUSTED_RPC_LIMITS: RpcLimits = { ...RPC_LIMITS, gasCap: 50_000_000, logsMaxBlocks: 100_000, logsMaxResults: 1_000_000 };

/** How long the chain node (`npm run chain`) works on one call before it answers that it took too long. */
export const NODE_ANSWER_TIMEOUT_MS = 60_000;
