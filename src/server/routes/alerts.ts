import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '@/shared/schemas/common';
import { alertList, alertRule, createAlertRuleBody, markAlertsReadBody, markAlertsReadResult } from '@/shared/schemas/alerts';
import type { AppDeps } from '@/server/app-deps';
import { requireActing } from '@/server/auth/current-user';
import { createAlertRule, deleteAlertRule, listAlertRules, listAlerts, markAlertsRead } from '@/server/services/alerts/alert-rules';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };
const tags = ['alerts'];

/**
 * Alerts (issue 31 item 4): the active organisation's rules and the notifications they fired (the bell). Rules and
 * notifications belong to the organisation, so every member who can read it sees and manages them.
 */
export function alertRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const acting = (request: Parameters<typeof requireActing>[0]) => requireActing(request, db, clock());
  return async (app) => {
    app.get('/alerts/rules', { schema: { tags, description: 'The organisation\'s alert rules, newest first.', response: { 200: z.array(alertRule), ...errors } } },
      async (request) => listAlertRules(db, (await acting(request)).accountId));

    app.post('/alerts/rules', {
      schema: { tags, body: createAlertRuleBody, description: 'A rule that fires once per price crossing, filled order, or label or rating change.', response: { 201: alertRule, ...errors } },
    }, async (request, reply) => {
      const rule = await createAlertRule(db, await acting(request), request.body);
      deps.events.publish({ type: 'alert-rules', projectId: rule.projectId });
      return reply.status(201).send(rule);
    });

    app.delete('/alerts/rules/:id', { schema: { tags, params: z.object({ id: idParam }), response: { 204: z.undefined(), ...errors } } }, async (request, reply) => {
      await deleteAlertRule(db, (await acting(request)).accountId, request.params.id);
      return reply.status(204).send();
    });

    app.get('/alerts', { schema: { tags, description: 'The latest 50 alerts, newest first, with the unread count.', response: { 200: alertList, ...errors } } },
      async (request) => listAlerts(db, (await acting(request)).accountId));

    app.post('/alerts/read', {
      schema: { tags, body: markAlertsReadBody, description: 'Marks the alerts named by ids read, or every unread one when ids is omitted.', response: { 200: markAlertsReadResult, ...errors } },
    }, async (request) => markAlertsRead(db, (await acting(request)).accountId, request.body.ids, clock()));
  };
}
