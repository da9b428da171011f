import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@/shared/schemas/common';
import { REGISTRY_CSV_MAX_ROWS, registryCsvQuery, registryPage as registryPageSchema, registryQuery } from '@/shared/schemas/registry';
import type { AppDeps } from '@/server/app-deps';
import { registryCsv, registryPage } from '@/server/services/registry-queries';
import { projectDetails } from '@/server/services/project-details';
import { idParam } from '@/shared/schemas/common';
import { projectDetails as projectDetailsSchema } from '@/shared/schemas/project-details';
import { z } from 'zod';
import { publicBaseUrl } from './public-base-url';
import { fileResponse } from './file-responses';

/** The public registry of retirements and the public project pages: no sign-in, like the certificate pages they link to. */
export function registryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock, config } = deps;
  return async (app) => {
    app.get('/projects/:id', {
      schema: { tags: ['catalogue'], params: z.object({ id: idParam }), response: { 200: projectDetailsSchema, 400: errorResponse, 404: errorResponse } },
    }, async (request) => projectDetails(db, request.params.id, clock()));

    app.get('/registry/retirements', {
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: { tags: ['registry'], querystring: registryQuery, response: { 200: registryPageSchema, 400: errorResponse } },
    }, async (request) => registryPage(db, request.query, publicBaseUrl(request, config)));

    app.get('/registry/retirements.csv', {
      // A whole-registry file costs far more than a page: a few per minute are plenty for a person or a script.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags: ['registry'], querystring: registryCsvQuery, response: { 200: fileResponse('text/csv', `The registry's retirements, newest first, at most ${REGISTRY_CSV_MAX_ROWS} rows (an attachment)`) } },
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
