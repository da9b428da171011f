import type { FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '@/domain/errors';
import type { Database } from '@/server/db/client';
import { findSessionUser, findUserById, SESSION_COOKIE, type SessionUser } from './sessions';
import { hasAuthorization, requestApiKey } from './request-api-key';

/** The session token of a cookie-authenticated request; a request with an Authorization header uses no cookies. */
const sessionToken = (request: FastifyRequest): string | undefined => (hasAuthorization(request) ? undefined : request.cookies[SESSION_COOKIE]);

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The signed-in user of this request, loaded once per request; null when signed out. */
export function currentUser(request: FastifyRequest, db: Database, now: Date): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    const apiKey = requestApiKey(request);
    const token = sessionToken(request);
    pending = apiKey ? findUserById(db, apiKey.userId) : token ? findSessionUser(db, token, now) : Promise.resolve(null);
    cache.set(request, pending);
  }
  return pending;
}

export async function requireUser(request: FastifyRequest, db: Database, now: Date): Promise<SessionUser> {
  const user = await currentUser(request, db, now);
  if (!user) throw new UnauthenticatedError();
  return user;
}

/**
 * Hot write paths (purchases, orders, swaps) need only the user's id. Session → id is cached for a few seconds so
 * those requests skip one database call; sign-out drops the entry here at once (another process may honour a
 * signed-out session for at most SESSION_ID_CACHE_MS).
 */
export const SESSION_ID_CACHE_MS = 5000;
const sessionIds = new Map<string, { userId: number; expiresAtMs: number; cachedAtMs: number }>();

export async function requireUserId(request: FastifyRequest, db: Database, now: Date): Promise<number> {
  const apiKey = requestApiKey(request);
  if (apiKey) return apiKey.userId;
  const token = sessionToken(request);
  if (!token) throw new UnauthenticatedError();
  const nowMs = now.getTime();
  const cached = sessionIds.get(token);
  if (cached && nowMs - cached.cachedAtMs < SESSION_ID_CACHE_MS && nowMs < cached.expiresAtMs) return cached.userId;
  const user = await currentUser(request, db, now);
  if (!user) {
    sessionIds.delete(token);
    throw new UnauthenticatedError();
  }
  if (sessionIds.size > 50_000) sessionIds.clear();
  sessionIds.set(token, { userId: user.id, expiresAtMs: nowMs + SESSION_ID_CACHE_MS, cachedAtMs: nowMs });
  return user.id;
}

export function forgetSession(token: string): void {
  sessionIds.delete(token);
}

/** Drops every cached session of the user (their sessions were revoked by id, whose tokens this process never saw). */
export function forgetUserSessions(userId: number): void {
  for (const [token, entry] of sessionIds) if (entry.userId === userId) sessionIds.delete(token);
}
