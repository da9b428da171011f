import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@/shared/schemas/common';
import { retirementsExport, transactionsExport } from '@/shared/schemas/esg-export';
import type { AppDeps } from '@/server/app-deps';
import { requireUser } from '@/server/auth/current-user';
import { listRetirementsForExport, retirementsCsv, transactionsCsv } from '@/server/services/esg-exports';
import { listTransactions } from '@/server/services/portfolio-queries';
import { publicBaseUrl } from './public-base-url';
import { fileResponse } from './file-responses';

/** ESG reporting downloads of the signed-in user's own retirements and transactions (docs/esg-export.md). */
export function exportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock, config } = deps;

  function attachment(reply: FastifyReply, name: string, extension: 'csv' | 'json') {
    const day = clock().toISOString().slice(0, 10);
    const type = extension === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8';
    return reply.type(type).header('cache-control', 'no-store').header('content-disposition', `attachment; filename="carbonledger-${name}-${day}.${extension}"`);
  }

  return async (app) => {
    const download = (mediaType: string, what: string, body?: Parameters<typeof fileResponse>[2]) =>
      ({ tags: ['exports'], response: { 200: fileResponse(mediaType, `${what} (an attachment)`, body), 401: errorResponse } });

    app.get('/exports/retirements.csv', { schema: download('text/csv', 'Your retirements') }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      const rows = await listRetirementsForExport(db, user.id, publicBaseUrl(request, config));
      return attachment(reply, 'retirements', 'csv').send(retirementsCsv(rows));
    });

    app.get('/exports/retirements.json', { schema: download('application/json', 'Your retirements', retirementsExport) }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      const retirements = await listRetirementsForExport(db, user.id, publicBaseUrl(request, config));
      const body = { exportedAt: clock().toISOString(), unit: 'tCO2e', count: retirements.length, retirements };
      return attachment(reply, 'retirements', 'json').send(JSON.stringify(body, null, 2));
    });

    app.get('/exports/transactions.csv', { schema: download('text/csv', 'Your transactions') }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      return attachment(reply, 'transactions', 'csv').send(transactionsCsv(await listTransactions(db, user.id)));
    });

    app.get('/exports/transactions.json', { schema: download('application/json', 'Your transactions', transactionsExport) }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      const transactions = await listTransactions(db, user.id);
      const body = { exportedAt: clock().toISOString(), currency: 'USD', count: transactions.length, transactions };
      return attachment(reply, 'transactions', 'json').send(JSON.stringify(body, null, 2));
    });
  };
}
