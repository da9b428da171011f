import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client';
import { intArray, jsonText } from './sql-values';
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

/** One field of an event's `data`, per row from an array parameter, or one value for every row. */
export interface OutboxField {
  key: string;
  /** How the value is written: a number as its digits, a string as a JSON string (escaped by the database). */
  json: 'number' | 'string';
  /** An array parameter (`intArray`, `textArray`) with one entry per row, or one SQL value shared by every row. */
  values: SQL;
  shared?: true;
}

/**
 * The outbox insert of one event type for many rows sent as arrays (a batch's purchases, its filled orders): only the
 * rows whose account has an endpoint subscribed to `type` become deliveries (usually none), so no JSON document of
 * every event is sent only to be dropped by the join. The payload is assembled by the database from the fields, the
 * same bytes as JSON.stringify of `{ type, timestamp, data }` (webhookDeliveriesInsert's form; a test compares the
 * delivered bytes). Keys, type and timestamp are bound, never spliced into the statement's text.
 */
export function webhookOutboxFromArrays(type: WebhookEvent, now: Date, userIds: readonly number[], data: readonly OutboxField[]): SQL {
  const perRow = data.filter((field) => !field.shared);
  const valueOf = (field: OutboxField) => (field.shared ? sql`(${field.values})` : sql.raw(`x.f${perRow.indexOf(field)}`));
  const parts = data.map((field, i) => {
    const key = `${i === 0 ? '' : ','}${JSON.stringify(field.key)}:`;
    return sql`${key}::text, ${field.json === 'string' ? sql`to_json(${valueOf(field)})::text` : sql`${valueOf(field)}::text`}`;
  });
  const head = `{"type":${JSON.stringify(type)},"timestamp":${JSON.stringify(now.toISOString())},"data":{`;
  const columns = sql.raw(['user_id', ...perRow.map((_field, i) => `f${i}`)].join(', '));
  return insertSelect(webhookDeliveries, {
    endpointId: sql`w.id`, messageId: sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`, eventType: type,
    payload: sql`concat(${head}::text, ${sql.join(parts, sql`, `)}, '}}')`, nextAttemptAt: now, createdAt: now,
  }, sql`unnest(${sql.join([intArray(userIds), ...perRow.map((field) => field.values)], sql`, `)}) as x(${columns})
    join webhook_endpoints w on w.user_id = x.user_id and ${type}::text = any(w.events) and w.disabled_at is null`);
}
