import type { FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '../../domain/errors';
import type { Database } from '../db/client';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from './sessions';

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The signed-in user of this request, loaded once per request; null when signed out. */
export function currentUser(request: FastifyRequest, db: Database, now: Date): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    const token = request.cookies[SESSION_COOKIE];
    pending = token ? findSessionUser(db, token, now) : Promise.resolve(null);
    cache.set(request, pending);
  }
  return pending;
}

export async function requireUser(request: FastifyRequest, db: Database, now: Date): Promise<SessionUser> {
  const user = await currentUser(request, db, now);
  if (!user) throw new UnauthenticatedError();
  return user;
}
