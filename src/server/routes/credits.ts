import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credit, purchaseBody, purchaseResponse } from '../../shared/schemas/credit';
import { transaction } from '../../shared/schemas/transaction';
import { errorResponse } from '../../shared/schemas/common';
import { formatCents } from '../../domain/money';
import type { AppDeps } from '../app-deps';
import { requireUser } from '../auth/current-user';
import { purchaseCredits } from '../services/purchase-credits';
import { listCredits, listTransactions, toCredit } from '../services/portfolio-queries';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

export function creditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock, events } = deps;
  return async (app) => {
    app.get('/credits/my', { schema: { tags: ['credits'], response: { 200: z.array(credit), 401: errorResponse } } }, async (request) => {
      const user = await requireUser(request, db, clock());
      return listCredits(db, user.id);
    });

    app.get('/transactions/my', { schema: { tags: ['credits'], response: { 200: z.array(transaction), 401: errorResponse } } }, async (request) => {
      const user = await requireUser(request, db, clock());
      return listTransactions(db, user.id);
    });

    app.post('/credits/purchase', { schema: { tags: ['credits'], body: purchaseBody, response: { 201: purchaseResponse, ...errors } } }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      const { projectId, quantity, pricePerCredit } = request.body;
      const result = await purchaseCredits(db, { userId: user.id, projectId, quantity, pricePerCredit }, clock());
      events.publish({ type: 'project', projectId });
      return reply.status(201).send({
        credit: toCredit(result.holding, result.projectName, result.serialPrefix),
        subtotal: formatCents(result.subtotalCents),
        fee: formatCents(result.feeCents),
        total: formatCents(result.totalCents),
        cashBalance: formatCents(result.cashCents),
        certificateId: null,
      });
    });
  };
}
