import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { RateLimitedError, UnauthenticatedError } from '@/domain/errors';
import type { LoginBody } from '@/shared/schemas/auth';
import type { Database } from '@/server/db/client';
import { signInChallenges, signInFailures, users } from '@/server/db/schema';
import { authenticate } from './accounts';
import type { SessionUser } from './sessions';
import { requireSecondFactor, type SecretSealer } from './two-factor';

export interface SignInFailureLimit {
  maxFailures: number;
  windowMs: number;
}

/**
 * Signs in, counting failures per account: after `maxFailures` in a window every attempt is refused (429, with
 * Retry-After until the window ends) without checking the password, so rotating addresses or proxy headers gains
 * nothing. The key is the e-mail whether or not an account has it, so an unknown account is answered the same way.
 * A success clears the count, unless the account has two-factor sign-in: then the password and the code attempts
 * count together until the code is right, so a known password does not buy unlimited guesses at six digits.
 */
export async function signIn(db: Database, body: LoginBody, limit: SignInFailureLimit, now: Date) {
  const emailKey = body.email.trim().toLowerCase();
  await countAttempt(db, emailKey, limit, now);
  const account = await authenticate(db, body);
  if (!account.totpEnabledAt) await clearFailures(db, emailKey);
  return account;
}

/** How long a password accepted for a two-factor account waits for its code. */
export const SECOND_FACTOR_WINDOW_MS = 5 * 60_000;

const challengeDigest = (token: string) => createHash('sha256').update(`challenge:${token}`).digest('base64url');

/** The password was right and the account has two-factor sign-in: a single-use challenge for the code step. */
export async function startSecondFactor(db: Database, userId: number, now: Date): Promise<{ challenge: string; expiresAt: Date }> {
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SECOND_FACTOR_WINDOW_MS);
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
  await db.insert(signInChallenges).values({ id: challengeDigest(challenge), userId, expiresAt, createdAt: now });
  return { challenge, expiresAt };
}

/**
 * The code step: the challenge must be live; the attempt counts against the account's failure limit before the code
 * is checked; a right code (or unused recovery code) spends the challenge and clears the count.
 */
export async function finishSecondFactor(
  db: Database, sealer: SecretSealer, input: { challenge: string; code: string }, limit: SignInFailureLimit, now: Date,
): Promise<SessionUser> {
  const id = challengeDigest(input.challenge);
  const [row] = await db.select({ user: users }).from(signInChallenges).innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(and(eq(signInChallenges.id, id), gt(signInChallenges.expiresAt, now)));
  if (!row) throw new UnauthenticatedError('This sign-in has expired: enter your e-mail and password again');
  const emailKey = row.user.email.trim().toLowerCase();
  await countAttempt(db, emailKey, limit, now);
  await requireSecondFactor(db, sealer, row.user, input.code, now);
  const spent = await db.delete(signInChallenges).where(eq(signInChallenges.id, id)).returning({ id: signInChallenges.id });
  if (spent.length === 0) throw new UnauthenticatedError('This sign-in has expired: enter your e-mail and password again');
  await clearFailures(db, emailKey);
  return row.user;
}

async function clearFailures(db: Database, emailKey: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.emailKey, emailKey));
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
