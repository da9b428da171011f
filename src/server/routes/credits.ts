import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credit, myCreditsQuery, TOTAL_COUNT_HEADER, projectTonnes as projectTonnesSchema, purchaseBody, purchaseResponse } from '@/shared/schemas/credit';
import { retireBody, retireResponse } from '@/shared/schemas/certificate';
import { DEFAULT_RETIREMENT_REASON } from '@/shared/constants';
import { transaction } from '@/shared/schemas/transaction';
import { errorResponse, idParam, myListQuery } from '@/shared/schemas/common';
import { formatCents, parseCents } from '@/domain/money';
import type { AppDeps } from '@/server/app-deps';
import { requireActing, requireUser } from '@/server/auth/current-user';
import { pendingApproval } from '@/shared/schemas/approval';
import { purchaseCost } from '@/domain/fees';
import { gateRequest } from '@/server/services/approvals/approval-requests';
import { respondHeld } from './held-requests';
import { findPolicy, spending } from '@/server/services/approvals/approval-policies';
import { holdingQuantity } from '@/server/services/portfolio-queries';
import { requestActor } from '@/server/auth/request-actor';
import { runTransaction } from '@/server/db/run-transaction';
import { idempotencyGate } from '@/server/plugins/idempotency-gate';
import { idempotentIn } from '@/server/services/idempotency/idempotent-writes';
import { mapTicket } from '@/server/services/idempotency/idempotency-ticket';
import { purchaseOneIn, type PurchaseResult } from '@/server/services/purchases/purchase-batch';
import { PurchaseDesk } from '@/server/services/purchases/purchase-desk';
import { redeemQuoteIn } from '@/server/services/quotes/redeem-quote';
import { retireCredits, retireCreditsIn, type RetireResult } from '@/server/services/retire-credits';
import { countCredits, listCredits, listTransactions, projectTonnes, toCredit } from '@/server/services/portfolio-queries';
import type { IntegrityAttributes } from '@/shared/integrity';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };
// A request the organisation's policy sends to an approver is stored and answered 202 (issue 30 item 3).
const pending = { 202: pendingApproval };
type Bought = { purchase: PurchaseResult; retirement: RetireResult | null };

/** The purchase's answer as of its commit; the token id arrives from the chain afterwards (see `refine`: unkeyed only). */
const purchaseAnswer = ({ purchase, retirement }: Bought, integrity: IntegrityAttributes | null) => ({
  status: 201,
  body: {
    credit: { ...toCredit(retirement?.retired ?? purchase.holding, purchase.projectName, purchase.serialPrefix, integrity), tokenId: null },
    subtotal: formatCents(purchase.subtotalCents),
    fee: formatCents(purchase.feeCents),
    total: formatCents(purchase.totalCents),
    cashBalance: formatCents(purchase.cashCents),
    certificateId: retirement?.certificateId ?? null,
  },
});

const retireAnswer = (result: RetireResult) => ({
  status: 201, body: { certificateId: result.certificateId, creditId: result.retired.id, quantity: result.retired.quantity },
});

export function creditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock, events, statements } = deps;
  const desk = new PurchaseDesk({ db, clock, events, statements });
  const gate = idempotencyGate(deps);
  return async (app) => {
    app.get('/credits/my', {
      schema: {
        tags: ['credits'],
        description: 'The account\'s lots, newest purchase first: all of them, or `limit` of them after skipping `offset`. `view=held` '
          + 'answers only the lots still held (active, escrowed); `view=active` only the active ones (what can be retired or sold); '
          + '`view=retired` only the retired ones, newest retirement first. `q` searches them: a serial number finds the lot that holds it, '
          + 'other text the lots whose project name contains it. With `offset` (a page), the `X-Total-Count` header counts the lots of the whole view and search.',
        querystring: myCreditsQuery, response: { 200: z.array(credit), 400: errorResponse, 401: errorResponse },
      },
    }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      if (request.query.offset === undefined) return listCredits(db, user.id, request.query);
      const [lots, total] = await Promise.all([listCredits(db, user.id, request.query), countCredits(db, user.id, request.query)]);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return lots;
    });

    app.get('/credits/my/projects/:projectId', {
      schema: {
        tags: ['credits'], description: 'The account\'s active and escrowed tonnes of one project (0 and 0 for a project it holds none of).',
        params: z.object({ projectId: idParam }), response: { 200: projectTonnesSchema, 400: errorResponse, 401: errorResponse },
      },
    }, async (request) => {
      const user = await requireUser(request, db, clock());
      return projectTonnes(db, user.id, request.params.projectId);
    });

    app.get('/transactions/my', {
      schema: {
        tags: ['credits'], description: 'The account\'s transactions, newest first: all of them, or the newest `limit`.',
        querystring: myListQuery, response: { 200: z.array(transaction), 400: errorResponse, 401: errorResponse },
      },
    }, async (request) => {
      const user = await requireUser(request, db, clock());
      return listTransactions(db, user.id, request.query.limit);
    });

    app.post('/credits/purchase', { schema: { tags: ['credits'], body: purchaseBody, response: { 201: purchaseResponse, ...pending, ...errors } } }, async (request, reply) => {
      const now = clock();
      const acting = await requireActing(request, db, now);
      const userId = acting.accountId;
      const actor = requestActor(request, acting);
      const { projectId, quantity, pricePerCredit, retireImmediately, beneficiary, reason, quoteId, claim } = request.body;
      const wanted = { userId, projectId, quantity, priceCents: parseCents(pricePerCredit), priceLocked: quoteId !== undefined, actor };
      const spendCents = purchaseCost(wanted.priceCents, quantity).totalCents;
      const held = await gateRequest(db, acting, {
        spendCents, retireTonnes: retireImmediately ? quantity : 0, stored: { kind: 'purchase', body: request.body },
        summary: `Buy ${quantity} t of project ${projectId} at $${formatCents(wanted.priceCents)}${retireImmediately ? ' and retire them' : ''}`,
      }, now);
      if (held) return respondHeld({ db, gate }, request, reply, userId, held, now);
      // Organisations with a policy count each member's spend towards their daily limit, before the work and atomically.
      const spend = { accountId: acting.accountId, userId: acting.personId, valueCents: spendCents };
      // The lot carries its project's labels; read before the write so that the stored (replayable) answer has them.
      const integrity = await deps.catalogue.integrityOf(projectId);
      return gate.respond<Bought>(request, reply, {
        userId,
        answer: (bought: Bought) => purchaseAnswer(bought, integrity),
        // Buy and retire in one step, or buy at a quoted price: one database transaction, so a failed retirement
        // buys nothing and a refused quote takes nothing. A plain purchase joins the desk's next batch (its own
        // all-or-nothing part of one transaction).
        work: (ticket) => spending(db, spend, now, () => (retireImmediately || quoteId !== undefined
          ? runTransaction(db, (tx) => idempotentIn(tx, ticket, now, async () => {
            if (quoteId !== undefined) await redeemQuoteIn(tx, { ...wanted, quoteId }, now);
            const purchase = await purchaseOneIn(tx, wanted, now, statements);
            const retirement = retireImmediately
              ? await retireCreditsIn(tx, { userId, holdingId: purchase.holding.id, reason: reason || DEFAULT_RETIREMENT_REASON, beneficiary, claim, projectLocked: true, actor }, now)
              : null;
            return { purchase, retirement };
          })).then((bought) => { events.publish({ type: 'project', projectId }); return bought; })
          : desk.purchase({ ...wanted, ticket: mapTicket(ticket, (purchase: PurchaseResult) => ({ purchase, retirement: null })) })
            .then((purchase) => ({ purchase, retirement: null })))),
        // Anchoring is asynchronous: wait briefly for this lot's token, else answer with tokenId null (pending). Only
        // without an Idempotency-Key: a keyed answer is the one stored at the commit (tokenId null), which every
        // replay repeats byte for byte; GET /api/credits/my shows the token once it is minted.
        refine: async ({ purchase }, answer) => {
          const anchored = await deps.anchoring?.waitFor({ holdingId: purchase.holding.id }, deps.config.chain.timeoutMs);
          const body = answer.body as { credit: object };
          return { ...answer, body: { ...body, credit: { ...body.credit, tokenId: anchored?.tokenId ?? null } } };
        },
      });
    });

    app.post('/credits/:creditId/retire', {
      schema: { tags: ['credits'], params: z.object({ creditId: idParam }), body: retireBody, response: { 201: retireResponse, ...pending, ...errors } },
    }, async (request, reply) => {
      const now = clock();
      const acting = await requireActing(request, db, now);
      const actor = requestActor(request, acting);
      const user = await requireUser(request, db, now);
      const { reason, quantity, beneficiary, claim } = request.body;
      const { creditId } = request.params;
      const policy = await findPolicy(db, acting.accountId, now);
      // The whole lot when no quantity is given: its size decides whether an approver is needed.
      const tonnes = policy?.retireTonnes == null ? 0 : quantity ?? await holdingQuantity(db, user.id, creditId);
      const held = await gateRequest(db, acting, {
        spendCents: 0n, retireTonnes: tonnes, stored: { kind: 'retire', body: { ...request.body, creditId } },
        summary: `Retire ${tonnes} t of credit ${creditId} for ${beneficiary || 'the organisation'}: ${reason}`,
      }, now);
      if (held) return respondHeld({ db, gate }, request, reply, user.id, held, now);
      return gate.respond<RetireResult>(request, reply, {
        userId: user.id,
        answer: retireAnswer,
        work: async (ticket) => {
          const result = await retireCredits(db, { userId: user.id, holdingId: request.params.creditId, reason, quantity, beneficiary, claim, account: user, actor }, clock(), ticket);
          events.publish({ type: 'project', projectId: result.retired.projectId });
          return result;
        },
        // Give the on-chain retirement a moment, so the certificate usually shows its transaction at once.
        afterCommit: async (result) => {
          await deps.anchoring?.waitFor({ certificateId: result.certificateId, holdingId: result.retired.id }, deps.config.chain.timeoutMs);
        },
      });
    });
  };
}
