import type { FastifyInstance } from 'fastify';

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
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return done();
    // API-key requests carry no cookies (their cookies are ignored), so a cross-site page gains nothing by sending one.
    if (request.headers.authorization !== undefined) return done();
    const origin = request.headers.origin;
    if (origin === 'null' || (origin && !isSameOrigin(origin, request.headers.host, allowedOrigin))) {
      return reply.status(403).send({ message: 'Cross-origin request refused' });
    }
    done();
  });
}

function isSameOrigin(origin: string, host: string | undefined, allowedOrigin: string | undefined): boolean {
  if (allowedOrigin && origin === allowedOrigin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
