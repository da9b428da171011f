import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

export const SESSION_COOKIE = 'sid';

// Only a digest of the token is stored, so a leaked sessions table cannot be replayed as cookies.
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(db: Database, userId: number, ttlMs: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ id: digest(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
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

export async function findUserById(db: Database, userId: number): Promise<SessionUser | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}
