import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACTIVITY_CSV_MAX_ROWS, activityCsvQuery, activityPage as activityPageSchema, activityQuery } from '@/shared/schemas/activity';
import { errorResponse } from '@/shared/schemas/common';
import type { AppDeps } from '@/server/app-deps';
import { requireUser } from '@/server/auth/current-user';
import { activityPage, activityRows } from '@/server/services/activity-queries';
import { transactionsCsv } from '@/server/services/esg-exports';
import { fileResponse } from './file-responses';

/** The /activity page: every transaction of the signed-in user, filtered and paged, and the same rows as CSV. */
export function activityRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    app.get('/activity', {
      schema: {
        tags: ['credits'],
        description: 'Your transactions (purchases, trades, swaps, pool changes, retirements), newest first, filtered by type, project and UTC days, one page at a time.',
        querystring: activityQuery,
        response: { 200: activityPageSchema, 400: errorResponse, 401: errorResponse },
      },
    }, async (request) => {
      const user = await requireUser(request, db, clock());
      return activityPage(db, user.id, request.query);
    });

    app.get('/activity.csv', {
      schema: {
        tags: ['credits'],
        querystring: activityCsvQuery,
        response: {
          200: fileResponse('text/csv', `Your transactions matching the filters, newest first, at most ${ACTIVITY_CSV_MAX_ROWS} rows (an attachment)`),
          400: errorResponse,
          401: errorResponse,
        },
      },
    }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      const rows = await activityRows(db, user.id, request.query, ACTIVITY_CSV_MAX_ROWS);
      const day = clock().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="carbonledger-activity-${day}.csv"`)
        .send(transactionsCsv(rows));
    });
  };
}
