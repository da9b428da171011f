import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCsv } from '@/domain/exports/to-csv';
import { CDP_C11_2A_COLUMNS, cdpC112aRows } from '@/domain/reports/cdp-c11-2a';
import { ESRS_E1_7_COLUMNS, esrsE17Rows, esrsE17Summary } from '@/domain/reports/esrs-e1-7';
import { reportPeriodQuery, statementQuery } from '@/shared/schemas/report';
import { errorResponse } from '@/shared/schemas/common';
import type { AppDeps } from '@/server/app-deps';
import { requireUser } from '@/server/auth/current-user';
import { reportRetirements } from '@/server/services/reports/report-retirements';
import { esrsE17Pdf, retirementStatementPdf } from '@/server/services/reports/report-pdfs';
import { fileResponse } from './file-responses';

/** The reports buyers file (docs/esg-export.md), over the signed-in user's own retirements. */
export function reportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const file = (reply: FastifyReply, name: string, type: string) =>
    reply.type(type).header('cache-control', 'no-store').header('content-disposition', `attachment; filename="carbonledger-${name}"`);
  const csv = 'text/csv; charset=utf-8';
  // PDFs cost CPU; nobody files more than a few reports a minute.
  const pdfLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  const report = (mediaType: string, what: string) => ({ 200: fileResponse(mediaType, `${what} (an attachment)`), 401: errorResponse });

  return async (app) => {
    app.get('/reports/cdp-c11-2a.csv', { schema: { tags: ['reports'], querystring: reportPeriodQuery, response: report('text/csv', 'CDP C11.2a rows') } }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      const rows = cdpC112aRows(await reportRetirements(db, user.id, request.query));
      return file(reply, `cdp-c11-2a-${request.query.from}-${request.query.to}.csv`, csv).send(toCsv(CDP_C11_2A_COLUMNS, rows));
    });

    app.get('/reports/esrs-e1-7.csv', { schema: { tags: ['reports'], querystring: reportPeriodQuery, response: report('text/csv', 'ESRS E1-7 summary') } }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      const summary = esrsE17Summary(await reportRetirements(db, user.id, request.query), request.query);
      return file(reply, `esrs-e1-7-${request.query.from}-${request.query.to}.csv`, csv).send(toCsv(ESRS_E1_7_COLUMNS, esrsE17Rows(summary)));
    });

    app.get('/reports/esrs-e1-7.pdf', { config: pdfLimit, schema: { tags: ['reports'], querystring: reportPeriodQuery, response: report('application/pdf', 'ESRS E1-7 report') } }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      const summary = esrsE17Summary(await reportRetirements(db, user.id, request.query), request.query);
      const pdf = await esrsE17Pdf(summary, user.companyName ?? user.firstName);
      return file(reply, `esrs-e1-7-${request.query.from}-${request.query.to}.pdf`, 'application/pdf').send(pdf);
    });

    app.get('/reports/retirement-statement.pdf', { config: pdfLimit, schema: { tags: ['reports'], querystring: statementQuery, response: report('application/pdf', 'Retirement statement of a year') } }, async (request, reply) => {
      const user = await requireUser(request, db, clock());
      const { year } = request.query;
      const retirements = await reportRetirements(db, user.id, { from: `${year}-01-01`, to: `${year}-12-31` });
      const pdf = await retirementStatementPdf(year, retirements, user.companyName ?? user.firstName);
      return file(reply, `retirement-statement-${year}.pdf`, 'application/pdf').send(pdf);
    });
  };
}
