import type { FastifyRequest } from 'fastify';

/**
 * True when the request matched one of the /api routes. Guards decide on the matched route, never on the raw URL: the
 * router decodes percent-escapes, so `/%61pi/credits/purchase` runs the purchase route while its raw URL does not
 * start with `/api/`. A request that matched no route (undefined) reaches only the not-found handler, which changes nothing.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}
