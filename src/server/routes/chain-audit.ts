import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chainAuditResponse, chainHealthResponse, noQuery } from '@/shared/schemas/chain-audit';
import { errorResponse } from '@/shared/schemas/common';
import type { AppDeps } from '@/server/app-deps';
import { ChainTimeoutError } from '@/server/chain/with-timeout';
import { readChainHealth } from '@/server/ops/chain-health';

// A full sweep reads every token: a few per minute per client is plenty for an operator.
const SWEEP_RATE_LIMIT = { rateLimit: { max: 6, timeWindow: '1 minute' } };
const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * GET /api/chain/audit (public), POST /api/chain/audit/sweep (runs a full sweep now, in the background) and
 * GET /api/chain/health (public: the node, its replay and divergence, anchoring — apart from /readyz).
 */
export function chainAuditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const timeoutMs = deps.config.chain.timeoutMs;
  const mode = deps.config.chain.rpcUrl ? ('remote' as const) : ('embedded' as const);
  const nodeOf = () => {
    const node = deps.chain?.nodeHealth?.();
    return node ? { ...node, pid: undefined } : null;
  };
  return async (app) => {
    app.get('/chain/health', {
      schema: { tags: ['chain'], querystring: noQuery, response: { 200: chainHealthResponse, 400: errorResponse } },
    }, async (_request, reply) => {
      const health = await readChainHealth(deps.chain, deps.chain ? mode : null, Math.min(timeoutMs, 2000));
      const anchoring = deps.anchoring?.status() ?? null;
      reply.header('cache-control', 'no-store');
      return { ...health, node: nodeOf(), anchoring: anchoring && { state: anchoring.state, lastError: anchoring.lastError } };
    });

    app.get('/chain/audit', {
      schema: { tags: ['chain'], querystring: noQuery, response: { 200: chainAuditResponse, 400: errorResponse, 503: errorResponse, 504: errorResponse } },
    }, async (_request, reply) => {
      if (!deps.chainAudit) return reply.status(503).send({ message: 'The chain is disabled on this server' });
      try {
        const report = await deps.chainAudit.report(timeoutMs);
        const node = nodeOf();
        const diverged = node?.replay?.state === 'diverged' || node?.replay?.state === 'failed';
        return { ...report, status: diverged ? ('attention' as const) : report.status, node, checkedAt: report.checkedAt.toISOString(), sweep: { ...report.sweep, startedAt: iso(report.sweep.startedAt), finishedAt: iso(report.sweep.finishedAt) } };
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
