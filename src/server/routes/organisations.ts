import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '@/shared/schemas/common';
import {
  changeRoleBody, createdInvite, createInviteBody, createOrganisationBody, invite, invitePreview, inviteTokenParam, member, organisation,
  updateOrganisationBody,
} from '@/shared/schemas/organisation';
import type { AppDeps } from '@/server/app-deps';
import { forgetSession, forgetUserSessions, requireActing, requirePerson } from '@/server/auth/current-user';
import { SESSION_COOKIE, setActiveAccount } from '@/server/auth/sessions';
import { findMembership } from '@/server/auth/acting-account';
import { requestActor } from '@/server/auth/request-actor';
import { ForbiddenError, ValidationError } from '@/domain/errors';
import {
  createOrganisation, listMyOrganisations, readOrganisation, updateOrganisation,
} from '@/server/services/organisations/organisation-profiles';
import { changeMemberRole, listMembers, removeMember, setMemberSpendLimit } from '@/server/services/organisations/organisation-members';
import { memberSpendLimitBody } from '@/shared/schemas/approval';
import { acceptInvite, createInvite, listInvites, previewInvite, revokeInvite } from '@/server/services/organisations/organisation-invites';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const tags = ['organisations'];

/**
 * Organisations, their members and invites. Which role may call which route is decided by
 * domain/organisations/route-rules.ts (one hook); these routes act on the caller's active organisation.
 */
export function organisationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const acting = (request: Parameters<typeof requireActing>[0]) => requireActing(request, db, clock());
  return async (app) => {
    app.get('/organisations', { schema: { tags, description: 'The organisations the signed-in person belongs to, with their role in each.', response: { 200: z.array(organisation), ...errors } } }, async (request) => {
      const who = await acting(request);
      return listMyOrganisations(db, who.personId, who.accountId);
    });

    app.post('/organisations', { schema: { tags, body: createOrganisationBody, response: { 201: organisation, ...errors } } }, async (request, reply) => {
      const person = await requirePerson(request, db, clock());
      const actor = requestActor(request, { personId: person.id, accountId: person.id });
      return reply.status(201).send(await createOrganisation(db, person.id, request.body, deps.config.demoCashCents, clock(), actor));
    });

    app.post('/organisations/:id/activate', {
      schema: { tags, params: z.object({ id: idParam }), description: 'Makes this session act for the organisation (browser sessions; API clients may send X-Organisation).', response: { 200: organisation, ...errors } },
    }, async (request) => {
      const person = await requirePerson(request, db, clock());
      const token = request.cookies[SESSION_COOKIE];
      if (!token || request.headers.authorization !== undefined) throw new ValidationError('Only a browser session has an active organisation: API keys act for their own');
      const membership = await findMembership(db, person.id, request.params.id);
      const role = membership?.role ?? (request.params.id === person.id ? 'owner' : null);
      if (!role) throw new ForbiddenError(`You are not a member of organisation ${request.params.id}`);
      await setActiveAccount(db, token, request.params.id === person.id ? null : request.params.id);
      forgetSession(token);
      return readOrganisation(db, request.params.id, role);
    });

    app.get('/organisation', { schema: { tags, description: 'The active organisation.', response: { 200: organisation, ...errors } } }, async (request) => {
      const who = await acting(request);
      return readOrganisation(db, who.accountId, who.role);
    });

    app.patch('/organisation', { schema: { tags, body: updateOrganisationBody, response: { 200: organisation, ...errors } } }, async (request) => {
      const who = await acting(request);
      const person = await requirePerson(request, db, clock());
      const updated = await updateOrganisation(db, { ...who, hasTwoFactor: Boolean(person.totpEnabledAt) }, request.body, requestActor(request, who), clock());
      if (request.body.requireTwoFactor !== undefined) for (const row of await listMembers(db, who.accountId)) forgetUserSessions(row.userId);
      return updated;
    });

    app.get('/organisation/members', { schema: { tags, response: { 200: z.array(member), ...errors } } }, async (request) =>
      listMembers(db, (await acting(request)).accountId));

    app.patch('/organisation/members/:userId', { schema: { tags, params: z.object({ userId: idParam }), body: changeRoleBody, response: { 200: member, ...errors } } }, async (request) => {
      const who = await acting(request);
      const changed = await changeMemberRole(db, who, request.params.userId, request.body.role, requestActor(request, who), clock());
      forgetUserSessions(request.params.userId);
      return changed;
    });

    app.put('/organisation/members/:userId/spend-limit', {
      schema: { tags, params: z.object({ userId: idParam }), body: memberSpendLimitBody, description: 'Sets the member’s own daily spend limit in cents, in place of the approval policy’s (null: the policy’s applies).', response: { 200: member, ...errors } },
    }, async (request) => {
      const who = await acting(request);
      const { dailySpendLimitCents } = request.body;
      return setMemberSpendLimit(db, who.accountId, request.params.userId, dailySpendLimitCents === null ? null : BigInt(dailySpendLimitCents), requestActor(request, who), clock());
    });

    app.delete('/organisation/members/:userId', { schema: { tags, params: z.object({ userId: idParam }), response: { 204: z.undefined(), ...errors } } }, async (request, reply) => {
      const who = await acting(request);
      await removeMember(db, who, request.params.userId, requestActor(request, who), clock());
      forgetUserSessions(request.params.userId);
      return reply.status(204).send();
    });

    app.get('/organisation/invites', { schema: { tags, response: { 200: z.array(invite), ...errors } } }, async (request) =>
      listInvites(db, (await acting(request)).accountId));

    app.post('/organisation/invites', {
      schema: { tags, body: createInviteBody, description: 'A single-use invite link for one e-mail address, valid 7 days; the link is shown only in this answer.', response: { 201: createdInvite, ...errors } },
    }, async (request, reply) => {
      const who = await acting(request);
      return reply.status(201).send(await createInvite(db, who, request.body, clock(), requestActor(request, who)));
    });

    app.delete('/organisation/invites/:id', { schema: { tags, params: z.object({ id: idParam }), response: { 200: invite, ...errors } } }, async (request) => {
      const who = await acting(request);
      return revokeInvite(db, who.accountId, request.params.id, clock(), requestActor(request, who));
    });

    app.get('/invites/:token', { schema: { tags, params: z.object({ token: inviteTokenParam }), response: { 200: invitePreview, ...errors } } }, async (request) => {
      await requirePerson(request, db, clock());
      return previewInvite(db, request.params.token);
    });

    app.post('/invites/:token/accept', {
      schema: { tags, params: z.object({ token: inviteTokenParam }), description: 'Joins the organisation; the signed-in person’s e-mail must be the invited one.', response: { 200: organisation, ...errors } },
    }, async (request) => {
      const person = await requirePerson(request, db, clock());
      const { accountId } = await acceptInvite(db, person, request.params.token, clock(), requestActor(request, { personId: person.id, accountId: person.id }));
      forgetUserSessions(person.id);
      const membership = await findMembership(db, person.id, accountId);
      const organisations = await listMyOrganisations(db, person.id, -1);
      const joined = organisations.find((row) => row.id === accountId);
      if (!joined || !membership) throw new ForbiddenError('The invite was accepted but the membership is missing');
      return joined;
    });
  };
}
