import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/server/db/schema';
import { NotFoundError } from '@/domain/errors';
import type { AuditActor } from '@/domain/audit/audit-chain';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import { runTransaction } from '@/server/db/run-transaction';
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '@/shared/schemas/developer';
import { newWebhookSecret } from './sign-webhook';
import { checkWebhookUrl } from './webhook-url-guard';
import type { WebhookSecretBox } from './webhook-secret-box';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const DELIVERY_LOG_SIZE = 50;

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id, url: row.url, events: row.events as WebhookEvent[], createdAt: row.createdAt.toISOString(), disabledAt: row.disabledAt?.toISOString() ?? null,
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id, messageId: row.messageId, eventType: row.eventType, status: row.status as WebhookDelivery['status'], attempts: row.attempts,
  lastStatusCode: row.lastStatusCode, lastLatencyMs: row.lastLatencyMs, lastError: row.lastError,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null, createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

export async function createWebhookEndpoint(
  db: Database, input: { userId: number; url: string; events: WebhookEvent[] },
  options: { allowPrivate: boolean; now: Date; secrets: WebhookSecretBox; audit?: AuditActor },
): Promise<CreatedWebhookEndpoint> {
  const url = checkWebhookUrl(input.url, options.allowPrivate).toString();
  const secret = newWebhookSecret();
  // Only the sealed secret is stored; the clear one is in this answer and nowhere else (nor in the audit log).
  const row = await runTransaction(db, async (tx) => {
    const [created] = await tx.insert(webhookEndpoints).values({
      userId: input.userId, url, events: [...new Set(input.events)], secret: options.secrets.seal(secret, input.userId), createdAt: options.now,
    }).returning();
    if (options.audit) await appendAuditEntries(tx, [endpointEntry(options.audit, 'webhook_endpoint.created', created)], options.now);
    return created;
  });
  return { ...toEndpoint(row), secret };
}

export async function listWebhookEndpoints(db: Database, userId: number): Promise<WebhookEndpoint[]> {
  return (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(desc(webhookEndpoints.id))).map(toEndpoint);
}

async function ownedEndpoint(db: Database, userId: number, endpointId: number): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)));
  if (!row) throw new NotFoundError(`Webhook endpoint ${endpointId} not found`);
  return row;
}

/** Stops new deliveries to the endpoint; pending ones are dropped from the queue as well. */
const endpointEntry = (actor: AuditActor, action: string, row: EndpointRow) => ({
  actor, action, targetType: 'webhook_endpoint', targetId: String(row.id), after: { url: row.url, events: row.events },
});

export async function disableWebhookEndpoint(db: Database, userId: number, endpointId: number, now: Date, audit?: AuditActor): Promise<WebhookEndpoint> {
  const owned = await ownedEndpoint(db, userId, endpointId);
  if (owned.disabledAt) return toEndpoint(owned);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(webhookEndpoints).set({ disabledAt: now }).where(eq(webhookEndpoints.id, endpointId)).returning();
    await tx.update(webhookDeliveries).set({ status: 'failed', lastError: 'endpoint disabled' })
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    if (audit) await appendAuditEntries(tx, [endpointEntry(audit, 'webhook_endpoint.deleted', row)], now);
    return toEndpoint(row);
  });
}

/** The endpoint's latest deliveries, newest first. */
export async function listWebhookDeliveries(db: Database, userId: number, endpointId: number): Promise<WebhookDelivery[]> {
  await ownedEndpoint(db, userId, endpointId);
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id)).limit(DELIVERY_LOG_SIZE);
  return rows.map(toDelivery);
}

/**
 * Sends a delivery again as a new one with the same `webhook-id` (receivers that already processed it can tell),
 * due at once and retried for another 24 hours.
 */
export async function resendWebhookDelivery(
  db: Database, userId: number, endpointId: number, deliveryId: number, now: Date, audit?: AuditActor,
): Promise<WebhookDelivery> {
  const endpoint = await ownedEndpoint(db, userId, endpointId);
  if (endpoint.disabledAt) throw new NotFoundError(`Webhook endpoint ${endpointId} is disabled`);
  const [original] = await db.select().from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!original) throw new NotFoundError(`Webhook delivery ${deliveryId} not found`);
  const row = await runTransaction(db, async (tx) => {
    const [resent] = await tx.insert(webhookDeliveries).values({
      endpointId, messageId: original.messageId, eventType: original.eventType, payload: original.payload,
      nextAttemptAt: now, createdAt: now,
    }).returning();
    if (audit) {
      await appendAuditEntries(tx, [{
        actor: audit, action: 'webhook_delivery.resent', targetType: 'webhook_delivery', targetId: String(resent.id),
        after: { endpointId, resentFrom: original.id, messageId: original.messageId, eventType: original.eventType },
      }], now);
    }
    return resent;
  });
  return toDelivery(row);
}
