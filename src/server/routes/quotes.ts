import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@/shared/schemas/common';
import { quote, quoteBody, type Quote } from '@/shared/schemas/quote';
import { parseCents } from '@/domain/money';
import type { AppDeps } from '@/server/app-deps';
import { requireUserId } from '@/server/auth/current-user';
import { idempotencyGate } from '@/server/plugins/idempotency-gate';
import { createQuote } from '@/server/services/quotes/create-quote';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** Price-locked quotes: POST /api/credits/purchase with `quoteId` pays the quoted price until `expiresAt`. */
export function quoteRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const gate = idempotencyGate(deps);
  return async (app) => {
    app.post('/quotes', { schema: { tags: ['quotes'], body: quoteBody, response: { 201: quote, ...errors } } }, async (request, reply) => {
      const now = clock();
      const userId = await requireUserId(request, db, now);
      const body = request.body;
      const input = 'quantity' in body ? { userId, projectId: body.projectId, quantity: body.quantity } : { userId, projectId: body.projectId, budgetCents: parseCents(body.amountUsd) };
      return gate.respond<Quote>(request, reply, {
        userId,
        answer: (created) => ({ status: 201, body: created }),
        work: (ticket) => createQuote(db, input, now, ticket),
      });
    });
  };
}
