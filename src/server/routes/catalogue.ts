import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { project } from '../../shared/schemas/project';
import { platformStats, userStats as userStatsSchema } from '../../shared/schemas/stats';
import { errorResponse } from '../../shared/schemas/common';
import type { AppDeps } from '../app-deps';
import { requireUser } from '../auth/current-user';
import { userStats } from '../services/portfolio-queries';

export function catalogueRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock, catalogue, platformStats: stats } = deps;
  return async (app) => {
    // Sent as ready-made JSON: the response schema documents it, the cache already holds validated rows.
    app.get('/projects', { schema: { tags: ['catalogue'], response: { 200: z.array(project) } } }, async (_request, reply) =>
      reply.type('application/json').send((await catalogue.listJson()) as never));

    app.get('/stats/platform', { schema: { tags: ['stats'], response: { 200: platformStats } } }, async () => stats.get());

    app.get('/stats/user', { schema: { tags: ['stats'], response: { 200: userStatsSchema, 401: errorResponse } } }, async (request) => {
      const user = await requireUser(request, db, clock());
      return userStats(db, user.id, user.cashCents);
    });
  };
}
