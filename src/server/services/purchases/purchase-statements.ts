import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { firstRow, intArray, parseJson, textArray } from '@/server/db/sql-values';
import { webhookOutboxFromArrays } from '@/server/db/record-webhook-events';
import { holdings, projects, transactions, users } from '@/server/db/schema';
import { insertRows, updateRows } from '@/server/db/set-writes';
import type { StatementRunner } from '@/server/db/statement-runner';
import { formatCents } from '@/domain/money';
import { answersInsert, type KeyedAnswer } from '@/server/services/idempotency/idempotent-writes';

export interface ProjectRow { id: number; name: string; serial_prefix: string; price_cents: string; available_credits: number; next_serial: number }
export interface LockedRows { projects: ProjectRow[]; users: { id: number; cash_cents: string }[]; holdingIds: number[] }

/**
 * The batch's one read: locks the projects, then the buyers (each in id order, so concurrent batches and trading on
 * PostgreSQL take locks in one order) and reserves `holdingCount` holding ids. With the ids known before the write,
 * every answer (stored for an Idempotency-Key) and every webhook payload is built in memory and written by the same
 * single statement as the ledger rows. The rows come back as one JSON value of arrays: building `jsonb` objects of
 * the rows (`to_jsonb`) and printing them cost a third of the read.
 */
export async function lockPurchaseRows(
  tx: Executor, projectIds: readonly number[], userIds: readonly number[], holdingCount: number, statements: StatementRunner,
): Promise<LockedRows> {
  const row = firstRow<{ locked: unknown }>(await statements(tx, sql`
    select json_build_array(
      (select coalesce(json_agg(json_build_array(id, name, serial_prefix, price_cents::text, available_credits, next_serial)), '[]') from (
        select id, name, serial_prefix, price_cents, available_credits, next_serial
        from projects where id = any(${intArray(projectIds)}) order by id for update) p),
      (select coalesce(json_agg(json_build_array(id, cash_cents::text)), '[]') from (
        select id, cash_cents from users where id = any(${intArray(userIds)}) order by id for update) u),
      (select coalesce(json_agg(nextval('holdings_id_seq')), '[]') from generate_series(1, ${holdingCount}::int))) as locked`));
  type Locked = [[number, string, string, string, number, number][], [number, string][], number[]];
  const [projects, users, holdingIds] = parseJson<Locked>(row.locked);
  return {
    projects: projects.map(([id, name, serial_prefix, price_cents, available_credits, next_serial]) => ({ id, name, serial_prefix, price_cents, available_credits, next_serial })),
    users: users.map(([id, cash_cents]) => ({ id, cash_cents })),
    holdingIds,
  };
}

export interface PurchaseWrite {
  projects: { id: number; available_credits: number; next_serial: number }[];
  users: { id: number; cash_cents: bigint }[];
  purchases: {
    holding_id: number; user_id: number; project_id: number; quantity: number; serial_start: number; serial_end: number;
    price_cents: bigint; total_cents: bigint; fee_cents: bigint;
  }[];
  answers: KeyedAnswer[];
}

/**
 * The batch's one write, as data-modifying CTEs: stock and cash (the rows are locked, so as the batch's final
 * values), the holdings with their reserved ids and serial ranges, the 'purchase' transactions, the webhook outbox
 * rows and the Idempotency-Key answers. Its shape is the same for 1 purchase or 100, with or without keys, so one
 * prepared plan serves them all. An answer whose key is stored already fails the statement (a primary-key violation,
 * see answersInsert), which rolls the batch back. The ledger rows are built from the schema (`db/set-writes.ts`)
 * and travel as one array per column (`unnest`): PostgreSQL reads an int[] literal faster than the same rows as
 * JSON, and the transactions carry their reserved holding ids instead of joining the inserted holdings (a write 10%
 * cheaper). The updates name their ids as an array too: the planner cannot see how few rows `unnest` yields.
 *
 * The purchase.completed outbox rows are built from the same arrays, for the buyers whose endpoints subscribed
 * (usually none): sending every purchase's event as JSON, to be parsed and mostly dropped by the join, cost about a
 * seventh of the write. The one outbox builder (record-webhook-events.ts) assembles them.
 */
export async function writePurchases(
  tx: Executor, write: PurchaseWrite, now: Date, statements: StatementRunner,
): Promise<void> {
  const { projects: stock, users: cash, purchases } = write;
  await statements(tx, sql`
    with sold as (${updateRows(projects, stock.map((row) => ({ id: row.id, availableCredits: row.available_credits, nextSerial: row.next_serial })))}),
    debited as (${updateRows(users, cash.map((row) => ({ id: row.id, cashCents: row.cash_cents })))}),
    inserted as (${insertRows(holdings, purchases.map((row) => ({
      id: row.holding_id, userId: row.user_id, projectId: row.project_id, quantity: row.quantity, serialStart: row.serial_start,
      serialEnd: row.serial_end, purchasePriceCents: row.price_cents,
    })), { values: { purchaseDate: now, status: 'active', origin: 'purchase', createdAt: now } })}),
    recorded as (${insertRows(transactions, purchases.map((row) => ({
      userId: row.user_id, projectId: row.project_id, holdingId: row.holding_id, quantity: row.quantity, totalCents: row.total_cents, feeCents: row.fee_cents,
    })), { values: { type: 'purchase', createdAt: now } })}),
    notified as (${webhookOutboxFromArrays('purchase.completed', now, purchases.map((row) => row.user_id), [
      { key: 'creditId', json: 'number', values: intArray(purchases.map((row) => row.holding_id)) },
      { key: 'projectId', json: 'number', values: intArray(purchases.map((row) => row.project_id)) },
      { key: 'quantity', json: 'number', values: intArray(purchases.map((row) => row.quantity)) },
      { key: 'pricePerCredit', json: 'string', values: textArray(purchases.map((row) => formatCents(row.price_cents))) },
      { key: 'total', json: 'string', values: textArray(purchases.map((row) => formatCents(row.total_cents))) },
      { key: 'serialStart', json: 'number', values: intArray(purchases.map((row) => row.serial_start)) },
      { key: 'serialEnd', json: 'number', values: intArray(purchases.map((row) => row.serial_end)) },
    ])}),
    answered as (${answersInsert(write.answers, now)})
    select 1 as written`);
}
