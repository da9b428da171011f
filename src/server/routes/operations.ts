import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponse } from '@/shared/schemas/common';
import { fileResponse } from './file-responses';
import type { AppMetrics } from '@/server/ops/app-metrics';
import type { Readiness } from '@/server/ops/readiness';
import type { IdempotencyGate } from '@/server/plugins/idempotency-gate';
import type { StoredAnswer } from '@/server/services/idempotency/idempotency-ticket';

export interface OperationsOptions {
  metrics: AppMetrics;
  /** The gate every state-changing route answers through: it tells which requests' work committed. */
  gate: IdempotencyGate;
  readiness: () => Promise<Readiness>;
  /** METRICS_TOKEN: when set, /metrics wants `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
}

const STREAM_ROUTE = '/api/trading/stream/:projectId';
const tags = ['operations'];
const healthSchema = { tags, description: 'Liveness: the process answers.', response: { 200: z.object({ status: z.literal('ok') }) } };
const readySchema = {
  tags,
  description: 'Readiness: the database (migrated to this build) and the chain answer, and the server is not stopping.',
  response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('unready'), message: z.string() }).describe('Not ready: the reason') },
};
const metricsSchema = {
  tags,
  description: 'Prometheus metrics. With METRICS_TOKEN set, send it as a bearer token.',
  response: { 200: fileResponse('text/plain', 'The Prometheus text format (version 0.0.4)'), 401: errorResponse.describe('METRICS_TOKEN is set and was not sent') },
};

/**
 * GET /healthz, /readyz and /metrics, outside /api (no Origin guard, no rate limit: probes and scrapers call them
 * often), plus the hooks that feed the metrics. Business counters count work done, once: each request whose work
 * committed, from its answer as of the commit (what the client is told happened), never a replay of a stored answer.
 */
export function registerOperations(app: FastifyInstance, options: OperationsOptions): void {
  const { metrics } = options;
  const expectedAuthorization = options.metricsToken ? Buffer.from(`Bearer ${options.metricsToken}`) : null;

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url === STREAM_ROUTE) {
      metrics.sseOpened();
      request.raw.socket.once('close', () => metrics.sseClosed());
      return;
    }
    metrics.inFlight++;
    // 'close' fires once the response is sent or the connection dropped, so an aborted request is not counted forever.
    reply.raw.once('close', () => metrics.inFlight--);
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDuration.observe(
      { route: request.routeOptions.url ?? 'unmatched', method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  options.gate.onCommitted((request, answer) => {
    // A 202 is a request held for an approver: nothing was bought, traded or retired yet.
    if (answer.status < 300 && answer.status !== 202 && request.method === 'POST') countBusiness(metrics, request, answer);
  });

  app.get('/healthz', { schema: healthSchema }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: readySchema }, async (_request, reply) => {
    const readiness = await options.readiness();
    reply.header('cache-control', 'no-store');
    return readiness.ready ? { status: 'ready' } : reply.status(503).send({ status: 'unready', message: readiness.reason });
  });

  app.get('/metrics', { schema: metricsSchema }, async (request, reply) => {
    if (expectedAuthorization && !sameBytes(request.headers.authorization, expectedAuthorization)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' });
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

function sameBytes(given: string | undefined, expected: Buffer): boolean {
  const bytes = Buffer.from(given ?? '');
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

type Answer = Record<string, unknown>;

function countBusiness(metrics: AppMetrics, request: FastifyRequest, stored: StoredAnswer): void {
  const payload = stored.body;
  const answer = payload as Answer;
  const { business } = metrics;
  switch (request.routeOptions.url) {
    case '/api/credits/purchase': {
      const tonnes = Number((answer.credit as Answer).quantity);
      business.purchases.inc();
      business.tonnesBought.inc(tonnes);
      if (answer.certificateId) countRetirement(metrics, tonnes);
      return;
    }
    case '/api/credits/:creditId/retire':
      return countRetirement(metrics, Number(answer.quantity));
    case '/api/trading/orders':
      business.orders.inc({ type: 'limit' });
      business.trades.inc((answer.trades as unknown[]).length);
      return;
    case '/api/trading/market-order': {
      const fills = payload as { venue?: string }[];
      business.orders.inc({ type: 'market' });
      business.trades.inc(fills.filter((fill) => fill.venue !== 'pool').length);
      business.swaps.inc(fills.filter((fill) => fill.venue === 'pool').length);
      return;
    }
    case '/api/trading/swap':
      business.swaps.inc();
  }
}

function countRetirement(metrics: AppMetrics, tonnes: number): void {
  metrics.business.retirements.inc();
  metrics.business.tonnesRetired.inc(tonnes);
}
