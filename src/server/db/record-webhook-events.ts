import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client';
import { jsonText } from './sql-values';
import { webhookDeliveries } from './schema';
import { insertSelect } from './set-writes';
import { plainStatements, type StatementRunner } from './statement-runner';
import type { WebhookEvent } from '@/shared/schemas/developer';

export interface WebhookEventInput {
  userId: number;
  type: WebhookEvent;
  data: Record<string, unknown>;
}

/**
 * Writes the outbox rows of these events inside the caller's transaction: one pending delivery per event and per
 * endpoint of its account that subscribed to its type (one statement, whatever the count). Committed with the work
 * or not at all, so an event a client was promised is never lost to a crash; the worker delivers it afterwards.
 */
export async function recordWebhookEvents(
  tx: Executor, events: readonly WebhookEventInput[], now: Date, statements: StatementRunner = plainStatements,
): Promise<void> {
  if (events.length === 0) return;
  await statements(tx, webhookDeliveriesInsert(events, now));
}

/**
 * The outbox insert itself, for a writer that folds it into its own statement as a data-modifying CTE (the purchase
 * batch does, to save a round trip). Its shape does not depend on the count, so an empty list is a valid no-op.
 */
export function webhookDeliveriesInsert(events: readonly WebhookEventInput[], now: Date): SQL {
  const timestamp = now.toISOString();
  // Each payload goes as a json value and is stored as its text, which json keeps byte for byte: the same bytes as
  // JSON.stringify of the payload, without escaping it as a string inside the parameter (and parsing it back).
  const rows = events.map((event) => ({ user_id: event.userId, type: event.type, payload: { type: event.type, timestamp, data: event.data } }));
  return insertSelect(webhookDeliveries, {
    endpointId: sql`w.id`, messageId: sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`, eventType: sql`x.type`,
    payload: sql`x.payload::text`, nextAttemptAt: now, createdAt: now,
  }, sql`json_to_recordset(${jsonText(rows)}::json) as x(user_id int, type text, payload json)
    join webhook_endpoints w on w.user_id = x.user_id and x.type = any(w.events) and w.disabled_at is null`);
}
