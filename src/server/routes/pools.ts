import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '@/domain/errors';
import { formatCents, parseCents } from '@/domain/money';
import { errorResponse, idParam } from '@/shared/schemas/common';
import {
  addLiquidityBody, createPoolBody, liquidityResponse, pool, removeLiquidityBody, swapBody, swapQuote, swapQuoteQuery, swapResponse,
} from '@/shared/schemas/pool';
import type { AppDeps } from '@/server/app-deps';
import { currentUser, requireActing } from '@/server/auth/current-user';
import { requestActor } from '@/server/auth/request-actor';
import { addLiquidity } from '@/server/services/pools/add-liquidity';
import { createPool } from '@/server/services/pools/create-pool';
import type { LiquidityResult } from '@/server/services/pools/deposit-liquidity';
import { SwapDesk } from '@/server/services/pools/swap-desk';
import type { SwapResult } from '@/server/services/pools/execute-swap';
import { idempotencyGate } from '@/server/plugins/idempotency-gate';
import { findPool } from '@/server/services/pools/pool-queries';
import { toPoolView, toQuoteView } from '@/server/services/pools/pool-view';
import { quoteSwap } from '@/server/services/pools/quote-swap';
import { removeLiquidity } from '@/server/services/pools/remove-liquidity';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };
const tags = ['pools'];

/** SPEC.md §7 pool calls plus the swap and its quote; docs/amm.md describes the payloads and the rounding. */
export function poolRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock, events, statements } = deps;
  const desk = new SwapDesk({ db, clock, events, statements });
  const liquidityView = (result: LiquidityResult) => ({
    pool: toPoolView(result.pool, result.lpUnitsAfter),
    creditAmount: Number(result.creditTonnes),
    tokenAmount: formatCents(result.cashCents),
    lpTokens: Number(result.lpUnits),
    cashBalance: formatCents(result.cashCentsAfter),
  });
  const gate = idempotencyGate(deps);
  // After the commit, so that caches and live views read the new pool.
  const announce = (result: LiquidityResult) => { events.publish({ type: 'project', projectId: result.pool.projectId }); return result; };
  return async (app) => {
    app.get('/trading/pools/:projectId', {
      schema: { tags, params: z.object({ projectId: idParam }), response: { 200: pool, 400: errorResponse, 404: errorResponse } },
    }, async (request) => {
      const user = await currentUser(request, db, clock());
      const found = await findPool(db, request.params.projectId, user?.id ?? null);
      if (!found) throw new NotFoundError(`No liquidity pool exists for project ${request.params.projectId}`);
      return toPoolView(found.pool, found.lpUnits);
    });

    app.get('/trading/pools/:projectId/quote', {
      schema: { tags, params: z.object({ projectId: idParam }), querystring: swapQuoteQuery, response: { 200: swapQuote, 400: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse } },
    }, async (request) => {
      const { side, quantity } = request.query;
      return toQuoteView(await quoteSwap(db, request.params.projectId, side, quantity));
    });

    app.post('/trading/pools', { schema: { tags, body: createPoolBody, response: { 201: liquidityResponse, ...errors } } }, async (request, reply) => {
      const acting = await requireActing(request, db, clock());
      const userId = acting.accountId;
      const { projectId, creditReserve, tokenReserve } = request.body;
      const input = { userId, projectId, creditTonnes: creditReserve, cashCents: parseCents(tokenReserve), actor: requestActor(request, acting) };
      return gate.respond<LiquidityResult>(request, reply, {
        userId,
        answer: (result) => ({ status: 201, body: liquidityView(result) }),
        work: (ticket) => createPool(db, input, clock(), ticket).then(announce),
      });
    });

    app.post('/trading/pools/:id/add-liquidity', {
      schema: { tags, params: z.object({ id: idParam }), body: addLiquidityBody, response: { 200: liquidityResponse, ...errors } },
    }, async (request, reply) => {
      const acting = await requireActing(request, db, clock());
      const userId = acting.accountId;
      const { creditAmount, tokenAmount } = request.body;
      const input = { userId, poolId: request.params.id, creditTonnes: creditAmount, cashCents: parseCents(tokenAmount), actor: requestActor(request, acting) };
      return gate.respond<LiquidityResult>(request, reply, {
        userId,
        answer: (result) => ({ status: 200, body: liquidityView(result) }),
        work: (ticket) => addLiquidity(db, input, clock(), ticket).then(announce),
      });
    });

    app.post('/trading/pools/:id/remove-liquidity', {
      schema: { tags, params: z.object({ id: idParam }), body: removeLiquidityBody, response: { 200: liquidityResponse, ...errors } },
    }, async (request, reply) => {
      const acting = await requireActing(request, db, clock());
      const userId = acting.accountId;
      const input = { userId, poolId: request.params.id, lpUnits: BigInt(request.body.lpTokens), actor: requestActor(request, acting) };
      return gate.respond<LiquidityResult>(request, reply, {
        userId,
        answer: (result) => ({ status: 200, body: liquidityView(result) }),
        work: (ticket) => removeLiquidity(db, input, clock(), ticket).then(announce),
      });
    });

    app.post('/trading/swap', { schema: { tags, body: swapBody, response: { 201: swapResponse, ...errors } } }, async (request, reply) => {
      const acting = await requireActing(request, db, clock());
      const userId = acting.accountId;
      const actor = requestActor(request, acting);
      const { projectId, side, quantity, maxAmountIn, minAmountOut } = request.body;
      const bound = side === 'buy' ? maxAmountIn : minAmountOut;
      const limitCents = bound === undefined ? null : parseCents(bound);
      return gate.respond<SwapResult>(request, reply, {
        userId,
        answer: (result) => ({
          status: 201,
          body: {
            trade: {
              id: result.trade.id, projectId, createdAt: result.trade.createdAt.toISOString(), pricePerCredit: formatCents(result.trade.priceCents),
              quantity, totalValue: formatCents(result.trade.totalCents), venue: 'pool' as const, side,
            },
            quote: toQuoteView(result.quote),
            cashBalance: formatCents(result.cashCents),
          },
        }),
        work: (ticket) => desk.swap(projectId, { userId, side, quantity, limitCents, ticket, actor }),
      });
    });
  };
}
