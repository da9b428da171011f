import Fastify, { type FastifyInstance } from 'fastify';
import type { CarbonCreditChain } from '../chain/carbon-credit.js';
import { answerJsonRpc } from '../chain/json-rpc-answer.js';

const MAX_BATCH = 100;

/**
 * The JSON-RPC endpoint of `npm run chain`: POST / (single or batch) through the chain's public entry point, so app
 * instances get exactly what a browser wallet gets at /rpc — reads, and raw transactions that the node orders and
 * journals with the chain — and nobody gets the node's private methods (hardhat_*, evm_*). GET /healthz for probes.
 */
export function buildChainNodeServer(chain: CarbonCreditChain, timeoutMs: number): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 });
  app.get('/healthz', async () => ({ status: 'ok', chainId: chain.chainId, contractAddress: chain.contractAddress }));
  app.post('/', async (request) => {
    const body = request.body;
    if (!Array.isArray(body)) return answerJsonRpc(chain, body, timeoutMs);
    if (body.length === 0 || body.length > MAX_BATCH) {
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: a batch holds 1 to ${MAX_BATCH} calls` } };
    }
    return Promise.all(body.map((message) => answerJsonRpc(chain, message, timeoutMs)));
  });
  return app;
}
