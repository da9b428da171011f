import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { firstRow, intArray, parseJson } from '../../db/sql-values';
import type { StatementRunner } from '../../db/statement-runner';
import { formatCents } from '../../../domain/money';
import { answersInsert, type KeyedAnswer } from '../idempotency/idempotent-writes';

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
 * see answersInsert), which rolls the batch back. The rows travel as one array per column (`unnest`): PostgreSQL
 * reads an int[] literal faster than the same rows as JSON, and the transactions take their holding ids from the
 * same arrays instead of a join with the inserted holdings (a write 10% cheaper). The updates name their ids as an
 * array too: the planner cannot see how few rows `unnest` yields and would otherwise scan the whole table.
 *
 * The purchase.completed outbox rows are built from the same arrays, for the buyers whose endpoints subscribed
 * (usually none): sending every purchase's event as JSON, to be parsed and mostly dropped by the join, cost about a
 * seventh of the write. Their payload is the text JSON.stringify gives for `{ type, timestamp, data }`, as the
 * other events' (record-webhook-events.ts); a test compares the delivered bytes.
 */
export async function writePurchases(
  tx: Executor, write: PurchaseWrite, now: Date, statements: StatementRunner,
): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { projects, users, purchases } = write;
  const column = <T>(rows: readonly T[], pick: (row: T) => number | bigint) => `{${rows.map(pick).join(',')}}`;
  const projectIds = column(projects, (row) => row.id);
  const userIds = column(users, (row) => row.id);
  const holdingIds = column(purchases, (row) => row.holding_id);
  const buyers = column(purchases, (row) => row.user_id);
  const bought = column(purchases, (row) => row.project_id);
  const tonnes = column(purchases, (row) => row.quantity);
  const serialStarts = column(purchases, (row) => row.serial_start);
  const serialEnds = column(purchases, (row) => row.serial_end);
  const money = (pick: (row: PurchaseWrite['purchases'][number]) => bigint) => `{${purchases.map((row) => formatCents(pick(row))).join(',')}}`;
  await statements(tx, sql`
    with sold as (
      update projects p set available_credits = x.available_credits, next_serial = x.next_serial
      from unnest(${projectIds}::int[], ${column(projects, (row) => row.available_credits)}::int[], ${column(projects, (row) => row.next_serial)}::int[])
        as x(id, available_credits, next_serial)
      where p.id = x.id and p.id = any(${projectIds}::int[])),
    debited as (
      update users u set cash_cents = x.cash_cents
      from unnest(${userIds}::int[], ${column(users, (row) => row.cash_cents)}::bigint[]) as x(id, cash_cents)
      where u.id = x.id and u.id = any(${userIds}::int[])),
    inserted as (
      insert into holdings (id, user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, purchase_date, status, origin, created_at)
      select x.id, x.user_id, x.project_id, x.quantity, x.serial_start, x.serial_end, x.price_cents, ${at}, 'active', 'purchase', ${at}
      from unnest(${holdingIds}::int[], ${buyers}::int[], ${bought}::int[], ${tonnes}::int[],
        ${serialStarts}::int[], ${serialEnds}::int[], ${column(purchases, (row) => row.price_cents)}::bigint[])
        as x(id, user_id, project_id, quantity, serial_start, serial_end, price_cents)),
    recorded as (
      insert into transactions (user_id, type, project_id, holding_id, quantity, total_cents, fee_cents, created_at)
      select x.user_id, 'purchase', x.project_id, x.holding_id, x.quantity, x.total_cents, x.fee_cents, ${at}
      from unnest(${buyers}::int[], ${bought}::int[], ${holdingIds}::int[], ${tonnes}::int[],
        ${column(purchases, (row) => row.total_cents)}::bigint[], ${column(purchases, (row) => row.fee_cents)}::bigint[])
        as x(user_id, project_id, holding_id, quantity, total_cents, fee_cents)),
    notified as (
      insert into webhook_deliveries (endpoint_id, message_id, event_type, payload, next_attempt_at, created_at)
      select w.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'purchase.completed',
        concat('{"type":"purchase.completed","timestamp":"', ${now.toISOString()}::text, '","data":{"creditId":', x.holding_id,
          ',"projectId":', x.project_id, ',"quantity":', x.quantity, ',"pricePerCredit":"', x.price, '","total":"', x.total,
          '","serialStart":', x.serial_start, ',"serialEnd":', x.serial_end, '}}'),
        ${at}, ${at}
      from unnest(${holdingIds}::int[], ${buyers}::int[], ${bought}::int[], ${tonnes}::int[], ${serialStarts}::int[], ${serialEnds}::int[],
        ${money((row) => row.price_cents)}::text[], ${money((row) => row.total_cents)}::text[])
        as x(holding_id, user_id, project_id, quantity, serial_start, serial_end, price, total)
      join webhook_endpoints w on w.user_id = x.user_id and 'purchase.completed' = any(w.events) and w.disabled_at is null),
    answered as (${answersInsert(write.answers, now)})
    select 1 as written`);
}
