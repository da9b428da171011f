import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRoute } from './is-api-route';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence in depth beside SameSite=Lax cookies: state-changing API requests must come from our own
 * origin when the browser says where they come from, and may carry only JSON bodies (a cross-site form
 * cannot send application/json without a CORS preflight, which we never grant).
 */
export function registerRequestGuard(app: FastifyInstance, allowedOrigin: string | undefined): void {
  app.removeContentTypeParser('text/plain');
  // A callback hook, not an async one: it runs on every request, and most need no promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!STATE_CHANGING.has(request.method) || !isApiRoute(request)) return done();
    // API-key requests carry no cookies (their cookies are ignored), so a cross-site page gains nothing by sending one.
    if (request.headers.authorization !== undefined) return done();
    if (!comesFromAllowedSite(request, allowedOrigin)) return reply.status(403).send({ message: 'Cross-origin request refused' });
    done();
  });
}

/**
 * The one place that decides where a state-changing request comes from. The Origin header when the browser sends
 * one; else the Referer (some browsers omit Origin on a same-site or older request); with neither, a client that is
 * not a browser page (curl, a server), which the session or API key checks decide on. An origin is scheme, host and
 * port: `https://host` is another site than an `http` server on that host.
 */
export function comesFromAllowedSite(request: FastifyRequest, allowedOrigin: string | undefined): boolean {
  const { origin, referer } = request.headers;
  const sent = origin ?? (referer === undefined ? undefined : originOf(referer));
  if (sent === undefined) return true;
  if (sent === 'null') return false;
  // The request's own origin: the scheme as this server sees it (a trusted proxy may name it), the Host it was sent to.
  const own = originOf(`${request.protocol}://${request.host}`);
  const claimed = originOf(sent);
  return claimed !== 'null' && (claimed === own || (allowedOrigin !== undefined && claimed === originOf(allowedOrigin)));
}

/** The serialised origin of a URL (scheme, host, port; default ports dropped, case folded), or 'null' if unreadable. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
