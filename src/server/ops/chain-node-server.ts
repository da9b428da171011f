import Fastify, { type FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { answerJsonRpcBody } from '@/server/chain/json-rpc-answer';
import { JsonRpcError, type Eip1193RequestFn } from '@/server/chain/public-rpc';
import { NODE_ANSWER_TIMEOUT_MS, RPC_LIMITS } from '@/server/chain/rpc-limits';
import type { ServerChain } from '@/server/chain/start-chain';

// App instances send anchoring batches of a few hundred operations: larger than a wallet's calls.
const NODE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
const NODE_LIMITS = { maxBatch: 100, maxResponseBytes: 32 * 1024 * 1024 };

/**
 * The JSON-RPC endpoint of `npm run chain`: POST / (single or batch) answers what /rpc answers — the read methods,
 * bounded with the limits of a private network's app instances (TRUSTED_RPC_LIMITS: anchoring batches need millions
 * of gas) — plus `eth_sendRawTransaction` for transactions signed by the custody key, which app instances send and the
 * node orders and journals with its own; anything signed by another key is refused, so the journal holds only the
 * marketplace's history. GET /healthz for probes (503 while the chain process restarts).
 */
export function buildChainNodeServer(chain: ServerChain, timeoutMs: number): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: NODE_BODY_LIMIT_BYTES });
  const request: Eip1193RequestFn = async (args) => {
    if (args.method !== 'eth_sendRawTransaction') return chain.request(args);
    const [rawTransaction] = Array.isArray(args.params) ? (args.params as unknown[]) : [];
    if (typeof rawTransaction !== 'string' || !/^0x[0-9a-f]+$/i.test(rawTransaction)) {
      throw new JsonRpcError(-32602, 'eth_sendRawTransaction expects one hex-encoded transaction');
    }
    if (!chain.relayCustodyTransaction) throw new JsonRpcError(-32601, 'This node relays no transactions');
    return chain.relayCustodyTransaction(rawTransaction as Hex);
  };
  // Up means the node answers: a replay still running or diverged is reported, but the node keeps serving reads.
  app.get('/healthz', async (_request, reply) => {
    const node = chain.nodeHealth?.();
    const body = { status: !node || node.state === 'up' ? 'ok' : node.state, chainId: chain.chainId, contractAddress: chain.contractAddress, replay: node?.replay?.state ?? null };
    return reply.status(body.status === 'ok' ? 200 : 503).send(body);
  });
  app.post('/', async (httpRequest, reply) => {
    const answer = await answerJsonRpcBody(httpRequest.body, { request, timeoutMs: Math.max(timeoutMs, NODE_ANSWER_TIMEOUT_MS), limits: { ...RPC_LIMITS, ...NODE_LIMITS } });
    return reply.status(answer.status).send(answer.body);
  });
  return app;
}

