import { z } from 'zod';
import { withoutControlCharacters } from './common';

export const API_KEY_SCOPES = ['read', 'trade', 'retire'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_PREFIX = 'cl_live_';

export const WEBHOOK_EVENTS = ['purchase.completed', 'order.filled', 'retirement.completed', 'certificate.anchored', 'pool.swap', 'alert.triggered'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const createApiKeyBody = z.strictObject({
  name: z.string().trim().min(1, { error: 'name is required' }).max(100, { error: 'name must be at most 100 characters' })
    .superRefine(withoutControlCharacters('name')),
  scopes: z.array(z.enum(API_KEY_SCOPES, { error: 'scopes are read, trade and retire' })).min(1, { error: 'choose at least one scope' }),
});

export const apiKey = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

/** The only time the secret is shown. */
export const createdApiKey = apiKey.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const createWebhookBody = z.strictObject({
  url: z.string().trim().max(2000, { error: 'url must be at most 2000 characters' }).superRefine(withoutControlCharacters('url'))
    .url({ error: 'url must be an absolute URL' }),
  events: z.array(z.enum(WEBHOOK_EVENTS, { error: `events are ${WEBHOOK_EVENTS.join(', ')}` })).min(1, { error: 'choose at least one event' }),
});

export const webhookEndpoint = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const createdWebhookEndpoint = webhookEndpoint.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpoint>;

export const webhookDelivery = z.object({
  id: z.number(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastLatencyMs: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
