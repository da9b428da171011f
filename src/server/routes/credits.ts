import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credit, purchaseBody, purchaseResponse } from '../../shared/schemas/credit';
import { retireBody, retireResponse } from '../../shared/schemas/certificate';
import { DEFAULT_RETIREMENT_REASON } from '../../shared/constants';
import { transaction } from '../../shared/schemas/transaction';
import { errorResponse, idParam } from '../../shared/schemas/common';
import { formatCents, parseCents } from '../../domain/money';
import type { AppDeps } from '../app-deps';
import { requireUser, requireUserId } from '../auth/current-user';
import { runTransaction } from '../db/run-transaction';
import { purchaseOneIn } from '../services/purchases/purchase-batch';
import { PurchaseDesk } from '../services/purchases/purchase-desk';
import { retireCredits, retireCreditsIn } from '../services/retire-credits';
import { listCredits, listTransactions, toCredit } from '../services/portfolio-queries';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

export function creditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock, events, statements } = deps;
  const desk = new PurchaseDesk({ db, clock, events, statements });
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
      const now = clock();
      const userId = await requireUserId(request, db, now);
      const { projectId, quantity, pricePerCredit, retireImmediately, beneficiary, reason, claim } = request.body;
      const wanted = { userId, projectId, quantity, priceCents: parseCents(pricePerCredit) };
      // Buy and retire in one step: one database transaction, so a failed retirement buys nothing. A plain purchase
      // joins the desk's next batch (its own all-or-nothing part of one transaction).
      const result = retireImmediately
        ? await runTransaction(db, async (tx) => {
          const purchase = await purchaseOneIn(tx, wanted, now, statements);
          const retirement = await retireCreditsIn(tx, {
            userId, holdingId: purchase.holding.id, reason: reason || DEFAULT_RETIREMENT_REASON, beneficiary, claim, projectLocked: true,
          }, now);
          return { purchase, retirement };
        }).then((bought) => { events.publish({ type: 'project', projectId }); return bought; })
        : { purchase: await desk.purchase(wanted), retirement: null };
      const { purchase, retirement } = result;
      const integrity = await deps.catalogue.integrityOf(projectId);
      // Anchoring is asynchronous: wait briefly for this lot's token, else answer with tokenId null (pending).
      const anchored = await deps.anchoring?.waitFor({ holdingId: purchase.holding.id }, deps.config.chain.timeoutMs);
      return reply.status(201).send({
        credit: { ...toCredit(retirement?.retired ?? purchase.holding, purchase.projectName, purchase.serialPrefix, integrity), tokenId: anchored?.tokenId ?? null },
        subtotal: formatCents(purchase.subtotalCents),
        fee: formatCents(purchase.feeCents),
        total: formatCents(purchase.totalCents),
        cashBalance: formatCents(purchase.cashCents),
        certificateId: retirement?.certificateId ?? null,
      });
    });

    app.post('/credits/:creditId/retire', {
      schema: { tags: ['credits'], params: z.object({ creditId: idParam }), body: retireBody, response: { 201: retireResponse, ...errors } },
    }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      const { reason, quantity, beneficiary, claim } = request.body;
      const result = await retireCredits(db, { userId: user.id, holdingId: request.params.creditId, reason, quantity, beneficiary, claim, account: user }, clock());
      events.publish({ type: 'project', projectId: result.retired.projectId });
      // Give the on-chain retirement a moment, so the certificate usually shows its transaction at once.
      await deps.anchoring?.waitFor({ certificateId: result.certificateId, holdingId: result.retired.id }, deps.config.chain.timeoutMs);
      return reply.status(201).send({ certificateId: result.certificateId, creditId: result.retired.id, quantity: result.retired.quantity });
    });
  };
}
