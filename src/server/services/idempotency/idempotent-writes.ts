import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { jsonParam, rowsOf } from '@/server/db/sql-values';
import { plainStatements, type StatementRunner } from '@/server/db/statement-runner';
import { idempotencyKeys } from '@/server/db/schema';
import { insertSelect } from '@/server/db/set-writes';
import { errorCode } from '@/server/db/run-transaction';
import type { Settled } from '@/server/services/batching-queue';
import { DuplicateRequestError, type IdempotencyTicket, type StoredAnswer } from './idempotency-ticket';

/** How long a stored answer is replayed; afterwards the key may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export type KeyOf = { userId: number; key: string };
/** A key as one string: keys are scoped to the account. */
export const slotOf = (ticket: KeyOf) => `${ticket.userId}\u0000${ticket.key}`;

/**
 * One request's work inside the caller's transaction, keyed: a key already answered refuses before any work
 * (DuplicateRequestError; the caller replays the stored answer), and the answer is stored after the work in the
 * same transaction. Without a ticket the work simply runs.
 */
export async function idempotentIn<R>(
  tx: Executor, ticket: IdempotencyTicket<R> | undefined, now: Date, work: () => Promise<R>, statements: StatementRunner = plainStatements,
): Promise<R> {
  if (!ticket) return work();
  if ((await takenKeys(tx, [ticket], now, statements)).size > 0) throw new DuplicateRequestError();
  const value = await work();
  const answer = ticket.answer(value);
  if (answer) await storeAnswers(tx, [{ ticket, answer }], now, statements);
  return value;
}

/** Each request's outcome: what it ran to, or a refusal as a duplicate (built only for those, errors are not cheap). */
export function outcomesOf<R>(count: number, runnable: readonly number[], ran: readonly Settled<R>[]): Settled<R>[] {
  const outcomes = new Array<Settled<R> | undefined>(count);
  runnable.forEach((index, position) => { outcomes[index] = ran[position]; });
  for (let index = 0; index < count; index++) outcomes[index] ??= { ok: false, error: new DuplicateRequestError() };
  return outcomes as Settled<R>[];
}

/**
 * The keys among `tickets` whose answer is stored and live; expired answers of these keys are deleted on the way, so
 * that the key can be stored again (the answers' insert is a plain insert: see answersInsert).
 */
export async function takenKeys(
  tx: Executor, tickets: readonly KeyOf[], now: Date, statements: StatementRunner = plainStatements,
): Promise<Set<string>> {
  const keys = tickets.map(({ userId, key }) => ({ user_id: userId, key }));
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = rowsOf<{ user_id: number; key: string }>(await statements(tx, sql`
    with wanted as (select * from jsonb_to_recordset(${jsonParam(keys)}) as x(user_id int, key text)),
    expired as (
      delete from idempotency_keys k using wanted x
      where k.user_id = x.user_id and k.key = x.key and k.expires_at <= ${at})
    select k.user_id, k.key from idempotency_keys k join wanted x on k.user_id = x.user_id and k.key = x.key
    where k.expires_at > ${at}`));
  return new Set(rows.map((row) => slotOf({ userId: row.user_id, key: row.key })));
}

/**
 * Stores the answers. A key another transaction stored meanwhile (a duplicate on another instance: PostgreSQL makes
 * this insert wait for it) violates the primary key, which rolls this work back as a DuplicateRequestError.
 */
async function storeAnswers(
  tx: Executor, answers: readonly KeyedAnswer[], now: Date, statements: StatementRunner,
): Promise<void> {
  try {
    await statements(tx, answersInsert(answers, now));
  } catch (error) {
    if (isAnswerKeyTaken(error)) throw new DuplicateRequestError();
    throw error;
  }
}

/** The answers' insert failed because one of its keys is stored already (see answersInsert). */
export function isAnswerKeyTaken(error: unknown): boolean {
  if (errorCode(error) !== '23505') return false;
  const candidate = error as { constraint?: unknown; message?: unknown; cause?: { constraint?: unknown; message?: unknown } };
  const constraint = candidate.constraint ?? candidate.cause?.constraint;
  return constraint === ANSWER_KEY_CONSTRAINT || `${candidate.message ?? ''}${candidate.cause?.message ?? ''}`.includes(ANSWER_KEY_CONSTRAINT);
}

const ANSWER_KEY_CONSTRAINT = 'idempotency_keys_user_id_key_pk';

export type KeyedAnswer = { ticket: KeyOf & { requestHash: string }; answer: StoredAnswer };

/**
 * The insert of answers as one set-based statement; a batching desk folds it into its own write as a
 * data-modifying CTE, and its shape does not depend on the count. A plain insert, not an upsert: a key answered
 * already (live, or expired and not yet swept) fails the whole statement with a primary-key violation, which the
 * writer turns into a refusal and a retry without that key (takenKeys deletes an expired answer first). Keys are
 * checked before any work, so this is the rare path; the upsert's extra index probe cost every keyed request.
 */
export function answersInsert(answers: readonly KeyedAnswer[], now: Date): SQL {
  // The stored text is `{ body, headers }` as JSON: passed as a json value (not a string inside the JSON, which
  // would be escaped twice) and read back as text, which json keeps byte for byte. Answers hold no bigint.
  const rows = JSON.stringify(answers.map(({ ticket, answer }) => ({
    user_id: ticket.userId, key: ticket.key, request_hash: ticket.requestHash, status: answer.status,
    body: { body: answer.body, headers: answer.headers ?? {} },
  })));
  return insertSelect(idempotencyKeys, {
    userId: sql`x.user_id`, key: sql`x.key`, requestHash: sql`x.request_hash`, responseStatus: sql`x.status`, responseBody: sql`x.body::text`,
    createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  }, sql`json_to_recordset(${rows}::json) as x(user_id int, key text, request_hash text, status int, body json)`);
}

/** The stored answer of a key, for a replay; null when there is none (or it expired). */
export async function loadAnswer(
  db: Executor, userId: number, key: string, now: Date,
): Promise<{ requestHash: string; answer: StoredAnswer } | null> {
  const [row] = rowsOf<{ request_hash: string; response_status: number; response_body: string }>(await db.execute(sql`
    select request_hash, response_status, response_body from idempotency_keys
    where user_id = ${userId} and key = ${key} and expires_at > ${now.toISOString()}::timestamptz`));
  if (!row) return null;
  const { body, headers } = JSON.parse(row.response_body) as { body: unknown; headers: Record<string, string> };
  return { requestHash: row.request_hash, answer: { status: row.response_status, body, headers } };
}

/** Drops expired answers in small slices so that no sweep holds locks for long. */
export async function sweepExpiredAnswers(db: Executor, now: Date): Promise<void> {
  await db.execute(sql`delete from idempotency_keys where ctid in (
    select ctid from idempotency_keys where expires_at <= ${now.toISOString()}::timestamptz limit 1000)`);
}
