import type { FastifyInstance } from 'fastify';
import type { Database } from '@/server/db/client';
import { findActiveApiKey, touchApiKey, type ActiveApiKey } from '@/server/auth/api-keys';
import { requiredScopes } from '@/server/auth/api-key-scopes';
import { authenticateWithApiKey, requestApiKey } from '@/server/auth/request-api-key';
import { FixedWindowLimiter } from '@/server/limits/fixed-window-limiter';
import { isApiRoute } from './is-api-route';

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;
/** How long a key lookup is reused in this process; revoking here drops it at once. */
const KEY_CACHE_MS = 5000;
/** Last-used times are written at most this often per key, so that a busy key does not add a write per request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * `Authorization: Bearer cl_live_…` on /api routes: the key's user becomes the request's user (cookies are ignored,
 * so a bearer request needs no Origin check), its scopes decide the route (403), a bad or revoked key is 401, and
 * each key has its own per-minute budget (429 with Retry-After).
 */
export function registerBearerAuth(app: FastifyInstance, deps: { db: Database; clock: () => Date; rateLimitPerMinute: number }): { forget: (keyId: number) => void } {
  const cache = new Map<string, { key: ActiveApiKey | null; cachedAtMs: number }>();
  const limiter = new FixedWindowLimiter(deps.rateLimitPerMinute, 60_000);

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (header === undefined || !isApiRoute(request)) return;
    const match = BEARER.exec(header);
    if (!match) return reply.status(401).send({ message: 'Malformed Authorization header: send "Authorization: Bearer <API key>"' });
    const now = deps.clock();
    const secret = match[1];
    let entry = cache.get(secret);
    if (!entry || now.getTime() - entry.cachedAtMs > KEY_CACHE_MS) {
      if (cache.size > 10_000) cache.clear();
      cache.set(secret, (entry = { key: await findActiveApiKey(deps.db, secret), cachedAtMs: now.getTime() }));
    }
    const key = entry.key;
    if (!key) return reply.status(401).send({ message: 'Invalid or revoked API key' });
    const retryAfterMs = limiter.take(key.id, now.getTime());
    if (retryAfterMs > 0) {
      return reply.status(429).header('retry-after', String(Math.ceil(retryAfterMs / 1000)))
        .send({ message: `Rate limit exceeded: at most ${deps.rateLimitPerMinute} requests a minute per API key` });
    }
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      key.lastUsedAt = now;
      void touchApiKey(deps.db, key.id, now).catch((error: unknown) => request.log.warn({ err: error }, 'could not record API key use'));
    }
    authenticateWithApiKey(request, key);
  });

  // After parsing: buy-and-retire needs the retire scope too, which only the body tells.
  app.addHook('preHandler', async (request, reply) => {
    const key = requestApiKey(request);
    if (!key) return;
    const needed = requiredScopes(request.method, request.routeOptions.url ?? '', request.body);
    if (!needed) return reply.status(403).send({ message: 'This route needs a signed-in browser session: API keys cannot use it' });
    const missing = needed.filter((scope) => !key.scopes.includes(scope));
    if (missing.length > 0) return reply.status(403).send({ message: `This API key lacks the ${missing.join(' and ')} scope${missing.length > 1 ? 's' : ''}` });
  });

  return {
    forget: (keyId) => {
      for (const [secret, entry] of cache) if (entry.key?.id === keyId) cache.delete(secret);
    },
  };
}
