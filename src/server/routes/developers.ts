import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '@/shared/schemas/common';
import {
  apiKey, createApiKeyBody, createdApiKey, createdWebhookEndpoint, createWebhookBody, webhookDelivery, webhookEndpoint,
} from '@/shared/schemas/developer';
import type { AppDeps } from '@/server/app-deps';
import { createApiKey, listApiKeys, revokeApiKey } from '@/server/auth/api-keys';
import { requireActing, requireUserId } from '@/server/auth/current-user';
import { requestActor } from '@/server/auth/request-actor';
import {
  createWebhookEndpoint, disableWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, resendWebhookDelivery,
} from '@/server/services/webhooks/webhook-endpoints';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['developers'];
const idParams = z.object({ id: idParam });

/**
 * The Developers screen's calls: API keys and webhook endpoints. Browser sessions only (see api-key-scopes.ts):
 * a key cannot create keys. Secrets appear in the creating answer and never again.
 */
export function developerRoutes(deps: AppDeps, hooks: { forgetApiKey: (keyId: number) => void }): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const userOf = (request: Parameters<typeof requireUserId>[0]) => requireUserId(request, db, clock());
  return async (app) => {
    app.get('/developers/keys', { schema: { tags, response: { 200: z.array(apiKey), ...errors } } }, async (request) => listApiKeys(db, await userOf(request)));

    app.post('/developers/keys', { schema: { tags, body: createApiKeyBody, response: { 201: createdApiKey, ...errors } } }, async (request, reply) => {
      const acting = await requireActing(request, db, clock());
      const created = await createApiKey(db, { userId: acting.accountId, createdBy: acting.personId, ...request.body }, clock(), requestActor(request, acting));
      return reply.status(201).send(created);
    });

    app.delete('/developers/keys/:id', { schema: { tags, params: idParams, response: { 200: apiKey, ...errors } } }, async (request) => {
      const acting = await requireActing(request, db, clock());
      const revoked = await revokeApiKey(db, acting.accountId, request.params.id, clock(), requestActor(request, acting));
      hooks.forgetApiKey(revoked.id);
      return revoked;
    });

    app.get('/developers/webhooks', { schema: { tags, response: { 200: z.array(webhookEndpoint), ...errors } } }, async (request) =>
      listWebhookEndpoints(db, await userOf(request)));

    app.post('/developers/webhooks', { schema: { tags, body: createWebhookBody, response: { 201: createdWebhookEndpoint, ...errors } } }, async (request, reply) => {
      const acting = await requireActing(request, db, clock());
      const created = await createWebhookEndpoint(db, { userId: acting.accountId, ...request.body }, {
        allowPrivate: deps.config.webhooks.allowPrivate, now: clock(), secrets: deps.webhookSecrets, audit: requestActor(request, acting),
      });
      deps.events.publish({ type: 'webhooks' });
      return reply.status(201).send(created);
    });

    app.delete('/developers/webhooks/:id', { schema: { tags, params: idParams, response: { 200: webhookEndpoint, ...errors } } }, async (request) => {
      const acting = await requireActing(request, db, clock());
      return disableWebhookEndpoint(db, acting.accountId, request.params.id, clock(), requestActor(request, acting));
    });

    app.get('/developers/webhooks/:id/deliveries', { schema: { tags, params: idParams, response: { 200: z.array(webhookDelivery), ...errors } } }, async (request) =>
      listWebhookDeliveries(db, await userOf(request), request.params.id));

    app.post('/developers/webhooks/:id/deliveries/:deliveryId/resend', {
      schema: { tags, params: z.object({ id: idParam, deliveryId: idParam }), response: { 201: webhookDelivery, ...errors } },
    }, async (request, reply) => {
      const acting = await requireActing(request, db, clock());
      const delivery = await resendWebhookDelivery(db, acting.accountId, request.params.id, request.params.deliveryId, clock(), requestActor(request, acting));
      deps.events.publish({ type: 'user', userId: await userOf(request) });
      return reply.status(201).send(delivery);
    });
  };
}
