import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Hex } from 'viem';
import { CHAIN_ID, CHAIN_ID_HEX, CURRENCY_SYMBOL, NETWORK_NAME } from '@/shared/constants';
import { errorResponse } from '@/shared/schemas/common';
import { NotFoundError } from '@/domain/errors';
import type { AppDeps } from '@/server/app-deps';
import { ChainCallError } from '@/server/chain/chain-call-error';
import { answerJsonRpcBody } from '@/server/chain/json-rpc-answer';
import { RpcAdmission } from '@/server/chain/rpc-admission';
import { RPC_LIMITS } from '@/server/chain/rpc-limits';
import { ChainTimeoutError, withTimeout } from '@/server/chain/with-timeout';
import { chainInfo, chainTransaction, onChainCredit, rpcPreflightSchema, rpcRouteSchema, tokenIdParams, txHashParams } from './chain-schemas';
import { publicBaseUrl } from './public-base-url';

// The gateway counts calls itself (a batch counts each of its calls); this only bounds requests, as on every route.
const RPC_RATE_LIMIT = { rateLimit: { max: RPC_LIMITS.callsPerMinute, timeWindow: '1 minute' } };

/**
 * POST /rpc: the chain's JSON-RPC for browser wallets and explorers (single or batch), a read-only gateway bounded in
 * size, gas, log range, rate and concurrency (rpc-limits.ts). It is outside /api and its Origin guard on purpose:
 * wallets call it from their own extension origin, it uses no cookies, and it changes nothing.
 */
export function rpcRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const timeoutMs = deps.config.chain.timeoutMs;
  const admission = new RpcAdmission(RPC_LIMITS);
  const allowAnyOrigin = (reply: FastifyReply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .header('cross-origin-resource-policy', 'cross-origin');
  return async (app) => {
    app.options('/rpc', { schema: rpcPreflightSchema }, async (_request, reply) => allowAnyOrigin(reply).status(204).send());

    app.post('/rpc', { config: RPC_RATE_LIMIT, bodyLimit: RPC_LIMITS.maxBodyBytes, schema: rpcRouteSchema }, async (request, reply) => {
      allowAnyOrigin(reply);
      const answer = await answerJsonRpcBody(request.body, {
        request: deps.chain?.publicRequest, timeoutMs, limits: RPC_LIMITS, admission, client: request.ip,
      });
      if (answer.status === 429) return reply.status(429).header('retry-after', String(answer.retryAfterSeconds)).send(answer.body);
      return answer.body;
    });
  };
}

/** GET /api/chain/*: network facts for wallets and public reads of tokens and transactions. */
export function chainRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { config } = deps;

  /** Reads from the chain within CHAIN_TIMEOUT_MS; 503 without a chain or while its node is not answering, 504 when it is too slow. */
  async function read<T>(reply: FastifyReply, task: (chain: NonNullable<AppDeps['chain']>) => Promise<T>): Promise<T | FastifyReply> {
    if (!deps.chain) return reply.status(503).send({ message: 'The chain is disabled on this server' });
    try {
      return await withTimeout(task(deps.chain), config.chain.timeoutMs);
    } catch (error) {
      if (error instanceof ChainTimeoutError) return reply.status(504).send({ message: error.message });
      // Not a revert: the node is restarting, stopped or unreachable. The chain is unavailable for now, not broken.
      if (error instanceof ChainCallError && !error.contractError) return reply.status(503).send({ message: error.message });
      throw error;
    }
  }

  return async (app) => {
    app.get('/chain/info', { schema: { tags: ['chain'], response: { 200: chainInfo } } }, async (request) => ({
      enabled: Boolean(deps.chain),
      mode: deps.chain ? (config.chain.rpcUrl ? ('remote' as const) : ('embedded' as const)) : null,
      chainId: CHAIN_ID,
      chainIdHex: CHAIN_ID_HEX,
      networkName: NETWORK_NAME,
      currency: CURRENCY_SYMBOL,
      rpcUrl: `${publicBaseUrl(request, config)}/rpc`,
      contractAddress: deps.chain?.contractAddress ?? null,
      custodyAddress: deps.chain?.custodyAddress ?? null,
      anchoring: deps.anchoring?.status() ?? null,
    }));

    app.get('/chain/credits/:tokenId', {
      schema: { tags: ['chain'], params: tokenIdParams, response: { 200: onChainCredit, 400: errorResponse, 404: errorResponse, 503: errorResponse, 504: errorResponse } },
    }, async (request, reply) => {
      const { tokenId } = request.params;
      return read(reply, async (chain) => {
        try {
          const [details, owner] = await Promise.all([chain.getCreditDetails(tokenId), chain.ownerOf(tokenId)]);
          const { quantityTonnes, issuanceDate, retiredAt, ...fields } = details;
          return {
            tokenId, chainId: chain.chainId, contractAddress: chain.contractAddress, owner, ...fields,
            quantity: quantityTonnes, issuanceDate: issuanceDate.toISOString(), retiredAt: retiredAt?.toISOString() ?? null,
          };
        } catch (error) {
          if (error instanceof ChainCallError && error.contractError?.name === 'ERC721NonexistentToken') {
            throw new NotFoundError(`Credit #${tokenId} is not on the chain`);
          }
          throw error;
        }
      });
    });

    app.get('/chain/tx/:hash', {
      schema: { tags: ['chain'], params: txHashParams, response: { 200: chainTransaction, 400: errorResponse, 503: errorResponse, 504: errorResponse } },
    }, async (request, reply) => {
      const hash = request.params.hash.toLowerCase() as Hex;
      return read(reply, async (chain) => {
        const transaction = await chain.getTransaction(hash);
        const blockNumber = transaction.blockNumber === null ? null : Number(transaction.blockNumber);
        return { hash, chainId: chain.chainId, found: transaction.found, blockNumber, status: transaction.status };
      });
    });
  };
}
