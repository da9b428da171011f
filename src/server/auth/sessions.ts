import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { NotFoundError } from '@/domain/errors';
import type { AccountSession } from '@/shared/schemas/account-security';
import type { Database } from '@/server/db/client';
import { preparedPerDatabase } from '@/server/db/prepared-per-database';
import { sessions, users } from '@/server/db/schema';
import type { AuditActor } from '@/domain/audit/audit-chain';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import { runTransaction } from '@/server/db/run-transaction';

export const SESSION_COOKIE = 'sid';

// Only a digest of the token is stored, so a leaked sessions table cannot be replayed as cookies.
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The stored id of a session token. */
export const digestSessionToken = digest;

/** Makes the session act for `accountId` (null: the person's personal organisation). */
export async function setActiveAccount(db: Database, token: string, accountId: number | null): Promise<void> {
  await db.update(sessions).set({ activeAccountId: accountId }).where(eq(sessions.id, digest(token)));
}

/** Where a sign-in came from, kept so that its owner can tell sessions apart (the user agent cut to 300 characters). */
export interface SessionOrigin {
  userAgent?: string;
  ipAddress?: string;
}

export async function createSession(db: Database, userId: number, ttlMs: number, now: Date, origin: SessionOrigin = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: digest(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs),
    userAgent: origin.userAgent?.slice(0, 300) ?? null, ipAddress: origin.ipAddress ?? null,
  });
  return token;
}

/** The name a session is shown and revoked by: derived from its stored digest, so it cannot be turned into a cookie. */
const publicSessionId = (storedId: string) => createHash('sha256').update(`session:${storedId}`).digest('base64url').slice(0, 22);

/** The user's live sessions, oldest first; `current` marks the one this request came with. */
export async function listSessions(db: Database, userId: number, currentToken: string | undefined, now: Date): Promise<AccountSession[]> {
  const currentId = currentToken ? digest(currentToken) : null;
  const rows = await db.select().from(sessions).where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now))).orderBy(asc(sessions.createdAt));
  return rows.map((row) => ({
    id: publicSessionId(row.id), createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(),
    userAgent: row.userAgent, ipAddress: row.ipAddress, current: row.id === currentId,
  }));
}

/** Ends one of the user's sessions by its public id; someone else's, or one already ended, is a 404. */
export async function revokeSession(
  db: Database, userId: number, publicId: string, audit?: AuditActor, now = new Date(),
): Promise<{ wasCurrent: (token: string | undefined) => boolean }> {
  const owned = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const match = owned.find((row) => publicSessionId(row.id) === publicId);
  if (!match) throw new NotFoundError('Session not found: it may have ended already');
  await runTransaction(db, async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.id, match.id), eq(sessions.userId, userId)));
    // The target is the public id the Security screen shows, never the stored digest.
    if (audit) await appendAuditEntries(tx, [{ actor: audit, action: 'session.revoked', targetType: 'session', targetId: publicId }], now);
  });
  return { wasCurrent: (token) => token !== undefined && digest(token) === match.id };
}

/** Ends every session of the user but the one this request came with; answers how many ended. */
export async function revokeOtherSessions(db: Database, userId: number, currentToken: string | undefined, audit?: AuditActor, now = new Date()): Promise<number> {
  const keep = currentToken ? digest(currentToken) : '';
  return runTransaction(db, async (tx) => {
    const ended = await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keep))).returning({ id: sessions.id });
    if (audit && ended.length > 0) {
      await appendAuditEntries(tx, [{
        actor: audit, action: 'session.others_revoked', targetType: 'person', targetId: String(userId), after: { ended: ended.length },
      }], now);
    }
    return ended.length;
  });
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, digest(token)));
}

export type SessionUser = typeof users.$inferSelect;

export async function findSessionUser(db: Database, token: string, now: Date): Promise<SessionUser | null> {
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, digest(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0]?.user ?? null;
}

/**
 * The account row every signed-in request reads, built once per database: drizzle's query building was about a
 * fifth of the main thread's time for `GET /api/auth/user` on the embedded database.
 */
const userRead = preparedPerDatabase((db) =>
  db.select().from(users).where(eq(users.id, sql.placeholder('userId'))).limit(1).prepare('find_user_by_id'));

export async function findUserById(db: Database, userId: number): Promise<SessionUser | null> {
  const [user] = await userRead(db).execute({ userId });
  return user ?? null;
}
