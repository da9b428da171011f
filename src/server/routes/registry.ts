import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../shared/schemas/common';
import { REGISTRY_CSV_MAX_ROWS, registryCsvQuery, registryPage as registryPageSchema, registryQuery } from '../../shared/schemas/registry';
import type { AppDeps } from '../app-deps';
import { registryCsv, registryPage } from '../services/registry-queries';
import { publicBaseUrl } from './certificates';

/** The public registry of retirements: no sign-in, like the certificate pages it links to. */
export function registryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock, config } = deps;
  return async (app) => {
    app.get('/registry/retirements', {
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: { tags: ['registry'], querystring: registryQuery, response: { 200: registryPageSchema, 400: errorResponse } },
    }, async (request) => registryPage(db, request.query, publicBaseUrl(request, config)));

    app.get('/registry/retirements.csv', {
      // A whole-registry file costs far more than a page: a few per minute are plenty for a person or a script.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags: ['registry'], querystring: registryCsvQuery },
    }, async (request, reply) => {
      const csv = await registryCsv(db, request.query, publicBaseUrl(request, config), REGISTRY_CSV_MAX_ROWS);
      const day = clock().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="carbonledger-registry-${day}.csv"`)
        .send(csv);
    });
  };
}
