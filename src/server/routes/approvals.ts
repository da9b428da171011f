import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '@/shared/schemas/common';
import { approval, approvalDecisionBody, approvalPolicy, approvalPolicyBody } from '@/shared/schemas/approval';
import type { AppDeps } from '@/server/app-deps';
import { ConflictError } from '@/domain/errors';
import { isSharedOrganisation } from '@/server/services/organisations/organisation-profiles';
import { requireActing } from '@/server/auth/current-user';
import { findPolicy, setPolicy, toPolicyView } from '@/server/services/approvals/approval-policies';
import type { OrderExecutors } from '@/server/services/approvals/order-approvals';
import { requestActor } from '@/server/auth/request-actor';
import { approveRequest, getApproval, listApprovals, rejectRequest } from '@/server/services/approvals/approval-requests';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const tags = ['approvals'];
const params = z.object({ id: idParam });

/**
 * Maker–checker approvals (issue 30 item 3): the organisation's policy, the inbox, and decisions. Purchases and
 * retirements that need an approver are stored by their own routes (202); approving runs them here, once.
 */
export function approvalRoutes(deps: AppDeps, orders: OrderExecutors): FastifyPluginAsyncZod {
  const { db, clock, events, statements } = deps;
  const publish = (projectId: number) => events.publish({ type: 'project', projectId });
  return async (app) => {
    app.get('/organisation/approval-policy', { schema: { tags, response: { 200: approvalPolicy, ...errors } } }, async (request) => {
      const who = await requireActing(request, db, clock());
      return toPolicyView(await findPolicy(db, who.accountId, clock()));
    });

    app.put('/organisation/approval-policy', {
      schema: { tags, description: 'Replaces the policy: null switches a check off. Spend limits apply to each member per UTC day.', body: approvalPolicyBody, response: { 200: approvalPolicy, ...errors } },
    }, async (request) => {
      const who = await requireActing(request, db, clock());
      // Nobody approves their own request, so in an organisation of one every gated request would wait for ever.
      if (!(await isSharedOrganisation(db, who.accountId))) throw new ConflictError('A personal organisation has no one else to approve: create an organisation to use approvals and limits');
      return setPolicy(db, who.accountId, request.body, clock());
    });

    app.get('/approvals', { schema: { tags, description: 'Approvers see every request of the organisation; other members their own.', response: { 200: z.array(approval), ...errors } } }, async (request) => {
      const now = clock();
      return listApprovals(db, await requireActing(request, db, now), now);
    });

    app.get('/approvals/:id', { schema: { tags, params, response: { 200: approval, ...errors } } }, async (request) => {
      const now = clock();
      return getApproval(db, await requireActing(request, db, now), request.params.id, now);
    });

    app.post('/approvals/:id/approve', {
      schema: { tags, params, body: approvalDecisionBody, description: 'Runs the request once, as its requester, at today’s prices; a refused run is answered with status failed and the reason.', response: { 200: approval, ...errors } },
    }, async (request) => {
      const now = clock();
      const acting = await requireActing(request, db, now);
      return approveRequest({ db, statements, publish, orders, audit: requestActor(request, acting), beforeRun: deps.faults?.beforeApprovedOrderRun }, acting, request.params.id, request.body.comment, now);
    });

    app.post('/approvals/:id/reject', { schema: { tags, params, body: approvalDecisionBody, response: { 200: approval, ...errors } } }, async (request) => {
      const now = clock();
      const acting = await requireActing(request, db, now);
      return rejectRequest(db, acting, requestActor(request, acting), request.params.id, request.body.comment, now);
    });
  };
}
