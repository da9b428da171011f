import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_CSV_MAX_ROWS, auditCsvQuery, auditPage as auditPageSchema, auditQuery, auditVerification } from '@/shared/schemas/audit';
import { errorResponse } from '@/shared/schemas/common';
import type { AppDeps } from '@/server/app-deps';
import { requireActing } from '@/server/auth/current-user';
import { auditCsv, auditPage, verifyAuditLog } from '@/server/services/audit/audit-queries';
import { fileResponse } from './file-responses';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const tags = ['audit'];

/**
 * The audit log of the active organisation (owners, admins and approvers: route-rules.ts), as pages and CSV, and
 * the check of the whole hash chain.
 */
export function auditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    app.get('/audit', {
      schema: {
        tags, querystring: auditQuery, response: { 200: auditPageSchema, ...errors },
        description: 'The organisation’s audit log, newest first: every state-changing action with who, what, its target, before/after, request id, IP, user agent and API key.',
      },
    }, async (request) => auditPage(db, (await requireActing(request, db, clock())).accountId, request.query));

    app.get('/audit.csv', {
      schema: {
        tags, querystring: auditCsvQuery,
        response: { 200: fileResponse('text/csv', `The entries matching the filters, newest first, at most ${AUDIT_CSV_MAX_ROWS} rows (an attachment)`), ...errors },
      },
    }, async (request, reply) => {
      const { accountId } = await requireActing(request, db, clock());
      const csv = await auditCsv(db, accountId, request.query, AUDIT_CSV_MAX_ROWS);
      return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="carbonledger-audit-${clock().toISOString().slice(0, 10)}.csv"`).send(csv);
    });

    app.get('/audit/verify', {
      schema: {
        tags, response: { 200: auditVerification, ...errors },
        description: 'Recomputes the whole audit chain (every organisation’s entries: one chain) and reports the first broken link, if any; each head anchored on chain must still match, and the latest anchor is read back from the chain.',
      },
    }, async (request) => {
      // Signed in with the audit permission (route-rules.ts): the route rule alone lets a signed-out caller through.
      await requireActing(request, db, clock());
      return verifyAuditLog(db, deps.chain);
    });
  };
}
