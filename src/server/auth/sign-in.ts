import { eq, sql } from 'drizzle-orm';
import { RateLimitedError } from '../../domain/errors';
import type { LoginBody } from '../../shared/schemas/auth';
import type { Database } from '../db/client';
import { signInFailures } from '../db/schema';
import { authenticate } from './accounts';

export interface SignInFailureLimit {
  maxFailures: number;
  windowMs: number;
}

/**
 * Signs in, counting failures per account: after `maxFailures` in a window every attempt is refused (429, with
 * Retry-After until the window ends) without checking the password, so rotating addresses or proxy headers gains
 * nothing. The key is the e-mail whether or not an account has it, so an unknown account is answered the same way.
 * A success clears the count.
 */
export async function signIn(db: Database, body: LoginBody, limit: SignInFailureLimit, now: Date) {
  const emailKey = body.email.trim().toLowerCase();
  await countAttempt(db, emailKey, limit, now);
  const account = await authenticate(db, body);
  await db.delete(signInFailures).where(eq(signInFailures.emailKey, emailKey));
  return account;
}

/**
 * Counts the attempt before the password is checked, in one atomic upsert, so that parallel guesses count too (a
 * success deletes the row, so what remains counts failures). A window older than `windowMs` starts again at 1.
 */
async function countAttempt(db: Database, emailKey: string, limit: SignInFailureLimit, now: Date): Promise<void> {
  const nowText = now.toISOString();
  const expiredBefore = new Date(now.getTime() - limit.windowMs).toISOString();
  const result = await db.execute(sql`
    insert into sign_in_failures as f (email_key, failures, window_started_at) values (${emailKey}, 1, ${nowText}::timestamptz)
    on conflict (email_key) do update set
      failures = case when f.window_started_at <= ${expiredBefore}::timestamptz then 1 else f.failures + 1 end,
      window_started_at = case when f.window_started_at <= ${expiredBefore}::timestamptz then ${nowText}::timestamptz else f.window_started_at end
    returning failures, extract(epoch from window_started_at) * 1000 as started_ms`);
  const [row] = (result as unknown as { rows: Array<{ failures: number; started_ms: string | number }> }).rows;
  if (row.failures <= limit.maxFailures) return;
  const retryAfterMs = Number(row.started_ms) + limit.windowMs - now.getTime();
  throw new RateLimitedError('Too many failed sign-in attempts for this account. Try again later.', Math.max(1, Math.ceil(retryAfterMs / 1000)));
}
