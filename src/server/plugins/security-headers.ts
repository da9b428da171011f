import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every response. Helmet decides WHICH headers and values; with static policies they are
 * the same for every request, so they are computed once at start-up and set through Fastify's own header map. Running
 * helmet's middleware per request (as @fastify/helmet does) calls Node's setHeader a dozen times and re-serialises the
 * CSP, which halved the throughput of the catalogue endpoint.
 *
 * Two policies: documents (the app, API docs, printable certificates) get the full page policy; JSON API responses get
 * the policy recommended for APIs (OWASP REST Security), which is stricter — nothing may load or frame them — and
 * drops the headers that only mean something to a document, so every API response is several hundred bytes lighter.
 */
export function registerSecurityHeaders(app: FastifyInstance, policies: { documents: HelmetOptions }): void {
  const documentHeaders = { ...securityHeaders(policies.documents), 'permissions-policy': PERMISSIONS_POLICY };
  const apiHeaders = { ...securityHeaders(API_POLICY), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (request, reply, done) => {
    // The matched route decides (the router decodes `/%61pi/…`); a request no route matched gets the headers of what the
    // not-found handler answers for its raw URL (app.ts): JSON under /api/, else the app shell.
    reply.headers(servesJson(request.routeOptions.url ?? request.url) ? apiHeaders : documentHeaders);
    done();
  });
}

/**
 * Helmet does not set Permissions-Policy. The app uses none of these device or tracking features, so neither it nor
 * anything it embeds may ask for them.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer', 'browsing-topics', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'midi', 'payment', 'usb',
].map((feature) => `${feature}=()`).join(', ');

const API_POLICY: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** API paths (route patterns) that answer JSON or files to download, as opposed to the HTML of the docs and printable certificates. */
function servesJson(url: string): boolean {
  if (!url.startsWith('/api/')) return false;
  if (url.startsWith('/api/docs')) return false;
  return !(url.startsWith('/api/certificates/') && url.split('?')[0].endsWith('/html'));
}

export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => { failure = error; });
  if (failure) throw failure;
  return headers;
}
