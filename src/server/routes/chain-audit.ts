import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chainAuditResponse, noQuery } from '../../shared/schemas/chain-audit';
import { errorResponse } from '../../shared/schemas/common';
import type { AppDeps } from '../app-deps';
import { ChainTimeoutError } from '../chain/with-timeout.js';

// A full sweep reads every token: a few per minute per client is plenty for an operator.
const SWEEP_RATE_LIMIT = { rateLimit: { max: 6, timeWindow: '1 minute' } };
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** GET /api/chain/audit (public) and POST /api/chain/audit/sweep (runs a full sweep now, in the background). */
export function chainAuditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const timeoutMs = deps.config.chain.timeoutMs;
  return async (app) => {
    app.get('/chain/audit', {
      schema: { tags: ['chain'], querystring: noQuery, response: { 200: chainAuditResponse, 400: errorResponse, 503: errorResponse, 504: errorResponse } },
    }, async (_request, reply) => {
      if (!deps.chainAudit) return reply.status(503).send({ message: 'The chain is disabled on this server' });
      try {
        const report = await deps.chainAudit.report(timeoutMs);
        return { ...report, checkedAt: report.checkedAt.toISOString(), sweep: { ...report.sweep, startedAt: iso(report.sweep.startedAt), finishedAt: iso(report.sweep.finishedAt) } };
      } catch (error) {
        if (error instanceof ChainTimeoutError) return reply.status(504).send({ message: error.message });
        throw error;
      }
    });

    app.post('/chain/audit/sweep', {
      config: SWEEP_RATE_LIMIT,
      schema: { tags: ['chain'], querystring: noQuery, response: { 202: z.object({ message: z.string() }), 400: errorResponse, 503: errorResponse } },
    }, async (_request, reply) => {
      if (!deps.chainAudit) return reply.status(503).send({ message: 'The chain is disabled on this server' });
      void deps.chainAudit.sweep();
      return reply.status(202).send({ message: 'Audit sweep started; GET /api/chain/audit shows its result' });
    });
  };
}
