import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { project } from '@/shared/schemas/project';
import { platformStats, userStats as userStatsSchema } from '@/shared/schemas/stats';
import { errorResponse } from '@/shared/schemas/common';
import type { AppDeps } from '@/server/app-deps';
import { requireUser } from '@/server/auth/current-user';
import { userStats } from '@/server/services/portfolio-queries';
import type { CatalogueBody } from '@/server/services/catalogue';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number] | 'identity';
/** Accept-Encoding values seen so far (browsers send a handful): parsed once each, at most 64 kept. */
const negotiated = new Map<string, Encoding>();

function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = (negotiate(acceptEncoding, [...ENCODINGS]) as Encoding | null) ?? 'identity';
    if (negotiated.size < 64) negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

function sendCatalogue(request: FastifyRequest, reply: FastifyReply, body: CatalogueBody): never {
  const encoding = encodingFor(request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body[encoding]) as never;
}

export function catalogueRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock, catalogue, platformStats: stats } = deps;
  return async (app) => {
    // Sent as ready-made (and pre-compressed) JSON: the response schema documents it, the cache already holds validated
    // rows. Not an async handler: when the cache is fresh (nearly always) the reply goes out without a promise.
    app.get('/projects', { schema: { tags: ['catalogue'], response: { 200: z.array(project) } } }, (request, reply) => {
      const fresh = catalogue.freshBody();
      if (fresh) return sendCatalogue(request, reply, fresh);
      return catalogue.listBody().then((body) => sendCatalogue(request, reply, body));
    });

    app.get('/stats/platform', { schema: { tags: ['stats'], response: { 200: platformStats } } }, async () => stats.get());

    app.get('/stats/user', { schema: { tags: ['stats'], response: { 200: userStatsSchema, 401: errorResponse } } }, async (request) => {
      const user = await requireUser(request, db, clock());
      return userStats(db, user.id, user.cashCents);
    });
  };
}
