import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthenticatedError, ValidationError } from '@/domain/errors';
import type { Database } from '@/server/db/client';
import { findUserById, SESSION_COOKIE, type SessionUser } from './sessions';
import { hasAuthorization, requestApiKey } from './request-api-key';
import { findApiKeyActing, findSessionActing, type ActingIds } from './acting-account';

/** API clients with a session pick the organisation per request; otherwise the session's active one applies. */
export const ORGANISATION_HEADER = 'x-organisation';

/** The session token of a cookie-authenticated request; a request with an Authorization header uses no cookies. */
const sessionToken = (request: FastifyRequest): string | undefined => (hasAuthorization(request) ? undefined : request.cookies[SESSION_COOKIE]);

function requestedAccountId(request: FastifyRequest): number | undefined {
  const header = request.headers[ORGANISATION_HEADER];
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header[0] : header;
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) throw new ValidationError(`${ORGANISATION_HEADER} must be an organisation id`);
  return Number(text);
}

/**
 * Session (and header) → who acts is cached for a few seconds so hot write paths (purchases, orders, swaps) skip a
 * database call; sign-out, switching organisation and membership changes drop entries here at once (another process
 * may honour a stale entry for at most SESSION_ID_CACHE_MS).
 */
export const SESSION_ID_CACHE_MS = 5000;
const cachedActing = new Map<string, { acting: ActingIds; token: string; expiresAtMs: number }>();
const actingOfRequests = new WeakMap<FastifyRequest, Promise<ActingIds | null>>();

async function loadActing(request: FastifyRequest, db: Database, now: Date): Promise<ActingIds | null> {
  const apiKey = requestApiKey(request);
  if (apiKey) {
    const acting = await findApiKeyActing(db, apiKey);
    if (!acting) throw new ForbiddenError('This API key’s creator is no longer a member of its organisation');
    return acting;
  }
  const token = sessionToken(request);
  if (!token) return null;
  const requested = requestedAccountId(request);
  const cacheKey = `${token} ${requested ?? ''}`;
  const nowMs = now.getTime();
  const cached = cachedActing.get(cacheKey);
  if (cached && nowMs < cached.expiresAtMs) return cached.acting;
  const acting = await findSessionActing(db, token, now, requested);
  if (acting === 'not_member') throw new ForbiddenError(`You are not a member of organisation ${requested}`);
  if (!acting) {
    cachedActing.delete(cacheKey);
    return null;
  }
  if (cachedActing.size > 50_000) cachedActing.clear();
  cachedActing.set(cacheKey, { acting, token, expiresAtMs: nowMs + SESSION_ID_CACHE_MS });
  return acting;
}

/** Who this request acts as (person, organisation account, role), loaded once per request; null when signed out. */
export function currentActing(request: FastifyRequest, db: Database, now: Date): Promise<ActingIds | null> {
  let pending = actingOfRequests.get(request);
  if (!pending) {
    pending = loadActing(request, db, now);
    actingOfRequests.set(request, pending);
  }
  return pending;
}

export async function requireActing(request: FastifyRequest, db: Database, now: Date): Promise<ActingIds> {
  const acting = await currentActing(request, db, now);
  if (!acting) throw new UnauthenticatedError();
  return acting;
}

const accountRows = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
const personRows = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

function loadRow(rows: WeakMap<FastifyRequest, Promise<SessionUser | null>>, request: FastifyRequest, db: Database, now: Date, pick: (acting: ActingIds) => number) {
  let pending = rows.get(request);
  if (!pending) {
    pending = currentActing(request, db, now).then((acting) => (acting ? findUserById(db, pick(acting)) : null));
    rows.set(request, pending);
  }
  return pending;
}

/** The account (the active organisation) this request acts for, loaded once per request; null when signed out. */
export function currentUser(request: FastifyRequest, db: Database, now: Date): Promise<SessionUser | null> {
  return loadRow(accountRows, request, db, now, (acting) => acting.accountId);
}

/** The acting account's row: its cash, holdings and every desk are the active organisation's. */
export async function requireUser(request: FastifyRequest, db: Database, now: Date): Promise<SessionUser> {
  const user = await currentUser(request, db, now);
  if (!user) throw new UnauthenticatedError();
  return user;
}

/** The signed-in person themselves (their sign-in, two-factor and sessions), whatever organisation is active. */
export async function requirePerson(request: FastifyRequest, db: Database, now: Date): Promise<SessionUser> {
  const person = await loadRow(personRows, request, db, now, (acting) => acting.personId);
  if (!person) throw new UnauthenticatedError();
  return person;
}

/** The acting account's id (the active organisation's): what every ledger query is keyed on. */
export async function requireUserId(request: FastifyRequest, db: Database, now: Date): Promise<number> {
  return (await requireActing(request, db, now)).accountId;
}

export function forgetSession(token: string): void {
  for (const [key, entry] of cachedActing) if (entry.token === token) cachedActing.delete(key);
}

/** Drops every cached session of the person (their sessions were revoked by id, or their memberships changed). */
export function forgetUserSessions(userId: number): void {
  for (const [key, entry] of cachedActing) if (entry.acting.personId === userId) cachedActing.delete(key);
}
