import path from 'node:path';
import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { documentRoute, SECURITY_SCHEMES } from './plugins/api-docs';
import { isClientRoute } from '@/shared/routes';
import type { AppDeps } from './app-deps';
import { AppMetrics } from './ops/app-metrics';
import { startAuditHeadAnchoring } from './ops/audit-anchoring-job';
import { registerChainMetrics } from './ops/chain-health';
import { createReadinessCheck } from './ops/readiness';
import { clientAssetOptions } from './plugins/client-asset-options';
import { ClientPages } from './plugins/client-pages';
import { registerErrorHandler } from './plugins/error-handler';
import { logOptions, type LogDestination } from './plugins/log-options';
import { registerRequestGuard } from './plugins/request-guard';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serializerCompiler } from './plugins/zod-serializer';
import { closeSilentConnections, serverTimeoutOptions } from './plugins/server-timeouts';
import { PROJECT_ROOT } from './project-root';
import { SESSION_COOKIE } from './auth/sessions';
import { authRoutes } from './routes/auth';
import { catalogueRoutes } from './routes/catalogue';
import { chainRoutes, rpcRoutes } from './routes/chain';
import { chainAuditRoutes } from './routes/chain-audit';
import { certificateRoutes } from './routes/certificates';
import { activityRoutes } from './routes/activity';
import { auditRoutes } from './routes/audit';
import { creditRoutes } from './routes/credits';
import { marketStreamRoutes } from './routes/market-stream';
import { marketFeedRoutes } from './routes/market-feed';
import { tradingRoutes } from './routes/trading';
import { exportRoutes } from './routes/exports';
import { poolRoutes } from './routes/pools';
import { registryRoutes } from './routes/registry';
import { reportRoutes } from './routes/reports';
import { quoteRoutes } from './routes/quotes';
import { developerRoutes } from './routes/developers';
import { registerBearerAuth } from './plugins/bearer-auth';
import { registerOrganisationAccess } from './plugins/organisation-access';
import { WebhookWorker } from './services/webhooks/webhook-worker';
import { AlertWorker } from './services/alerts/alert-worker';
import { ApprovalExpiryWorker } from './services/approvals/approval-expiry';
import { alertRoutes } from './routes/alerts';
import { accountRoutes } from './routes/account';
import { organisationRoutes } from './routes/organisations';
import { approvalRoutes } from './routes/approvals';
import { newOrderExecutors } from './services/approvals/order-approvals';
import { registerOperations } from './routes/operations';
import { idempotencyGate } from './plugins/idempotency-gate';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alert evaluator's worker: tests wait on `idle()`. */
    alertWorker: AlertWorker;
    /** The sweep that records expired approval requests: tests nudge it and wait on `idle()`. */
    approvalExpiryWorker: ApprovalExpiryWorker;
  }
}

export const CLIENT_DIST = path.join(PROJECT_ROOT, 'dist/client');

export async function buildApp(
  deps: AppDeps, options: { clientDist?: string; logger?: boolean; logDestination?: LogDestination } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false || deps.config.logLevel === 'silent' ? false : logOptions(deps.config.logLevel, options.logDestination),
    bodyLimit: 64 * 1024,
    // Off unless configured: a trusted peer may name the client and the scheme, anyone else could forge them.
    trustProxy: deps.config.trustProxy,
    ...serverTimeoutOptions(deps.config.httpTimeouts),
  });
  closeSilentConnections(app.server, deps.config.httpTimeouts);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First, so that even requests a later hook refuses carry the security headers.
  registerSecurityHeaders(app, {
    documents: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
    },
  });
  registerRequestGuard(app, deps.config.publicOrigin);

  // After the Origin check, which bearer requests skip; before the routes, which read the key's user.
  const bearer = registerBearerAuth(app, { db: deps.db, clock: deps.clock, rateLimitPerMinute: deps.config.apiKeyRateLimitPerMinute });
  await app.register(fastifyCookie);
  // After the bearer key's scopes (its preHandler is registered first): the caller's role in the active organisation.
  registerOrganisationAccess(app, { db: deps.db, clock: deps.clock });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Carbon-credit marketplace API', version: '1.0.0', description: 'Generated from the route schemas. A guide: docs/api.md.' },
      // PUBLIC_ORIGIN when configured, else the origin the document was read from.
      servers: [{ url: deps.config.publicOrigin ?? '/', description: 'This server' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: documentRoute,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerHealthAndMetrics(app, deps);

  await app.register(async (api) => {
    await api.register(authRoutes(deps));
    await api.register(accountRoutes(deps));
    await api.register(catalogueRoutes(deps));
    await api.register(creditRoutes(deps));
    await api.register(activityRoutes(deps));
    // Approved orders run through the trading routes' own desk (issue 30 item 3).
    await api.register(auditRoutes(deps));
    const orderExecutors = newOrderExecutors();
    await api.register(tradingRoutes(deps, orderExecutors));
    await api.register(marketStreamRoutes(deps));
    await api.register(marketFeedRoutes(deps));
    await api.register(chainRoutes(deps));
    await api.register(chainAuditRoutes(deps));
    await api.register(certificateRoutes(deps));
    await api.register(exportRoutes(deps));
    await api.register(poolRoutes(deps));
    await api.register(registryRoutes(deps));
    await api.register(reportRoutes(deps));
    await api.register(quoteRoutes(deps));
    await api.register(developerRoutes(deps, { forgetApiKey: bearer.forget }));
    await api.register(organisationRoutes(deps));
    await api.register(approvalRoutes(deps, orderExecutors));
    await api.register(alertRoutes(deps));
  }, { prefix: '/api' });
  // Outside /api: browser wallets call the chain's JSON-RPC from their own origin (see routes/chain.ts).
  await app.register(rpcRoutes(deps));

  registerClient(app, options.clientDist ?? CLIENT_DIST);
  // Every instance runs a worker; the outbox's row claims keep two from sending the same attempt.
  const webhooks = new WebhookWorker({
    db: deps.db, clock: deps.clock, events: deps.events, config: deps.config.webhooks, secrets: deps.webhookSecrets,
    log: (message) => app.log.warn(message),
  });
  app.addHook('onReady', async () => webhooks.start());
  app.addHook('onClose', async () => webhooks.stop());
  // The audit log's head goes on chain at intervals, from one instance of several (audit-head-anchoring.ts).
  if (deps.chain) {
    const auditAnchoring = startAuditHeadAnchoring({
      db: deps.db, chain: deps.chain, clock: deps.clock, databaseUrl: deps.config.databaseUrl, intervalMs: deps.config.chain.auditAnchorIntervalMs,
      log: (line) => app.log.info(line),
    });
    app.addHook('onClose', () => auditAnchoring.stop());
  }
  // Every instance evaluates alerts after the commits it hears of; the evaluator's locks and keys fire each once.
  const alerts = new AlertWorker({ db: deps.db, clock: deps.clock, events: deps.events, log: (message) => app.log.warn(message) });
  app.decorate('alertWorker', alerts);
  app.addHook('onReady', async () => alerts.start());
  app.addHook('onClose', async () => alerts.stop());
  // Every instance sweeps expired approval requests; the conditional, skip-locked update records each expiry once.
  const approvalExpiry = new ApprovalExpiryWorker({ db: deps.db, clock: deps.clock, events: deps.events, log: (message) => app.log.warn(message) });
  app.decorate('approvalExpiryWorker', approvalExpiry);
  app.addHook('onReady', async () => approvalExpiry.start());
  app.addHook('onClose', async () => approvalExpiry.stop());
  return app;
}

/** /healthz, /readyz, /metrics and the hooks feeding the metrics; before the routes, so their hooks cover them. */
function registerHealthAndMetrics(app: FastifyInstance, deps: AppDeps): void {
  const { chain } = deps;
  const metrics = new AppMetrics({
    db: deps.db,
    pool: deps.database.pool,
    isAnchoringLeader: chain ? (deps.anchoringLeader ?? (() => Boolean(deps.anchoring))) : undefined,
  });
  app.addHook('onClose', async () => metrics.close());
  if (deps.lifecycle) deps.lifecycle.inFlightRequests = () => metrics.inFlight;
  registerChainMetrics(metrics.registry, chain);
  // Ready means this instance can serve the API; the chain's health is reported on its own (/api/chain/health).
  const readiness = createReadinessCheck({
    db: deps.db,
    shuttingDown: () => deps.lifecycle?.shuttingDown ?? false,
    timeoutMs: Math.min(deps.config.chain.timeoutMs, 2000),
  });
  registerOperations(app, { metrics, gate: idempotencyGate(deps), readiness, metricsToken: deps.config.metricsToken });
}

/**
 * Serves the built client; unknown non-API paths get the app shell (with 404) so it shows Page Not Found. The
 * landing and sign-in pages go prerendered to visitors without a session (see plugins/client-pages.ts).
 */
function registerClient(app: FastifyInstance, clientDist: string): void {
  const pages = existsSync(path.join(clientDist, 'index.html')) ? new ClientPages(clientDist) : null;
  if (pages) {
    app.register(fastifyStatic, clientAssetOptions(clientDist));
  }
  app.setNotFoundHandler((request, reply) => {
    const [urlPath, query] = request.url.split('?');
    if (urlPath.startsWith('/api/') || urlPath === '/api' || !pages || request.method !== 'GET') {
      return reply.status(404).send({ message: `Route ${request.method} ${urlPath} not found` });
    }
    const page = pages.page({
      urlPath, hasQuery: query !== undefined, hasSession: Boolean(request.cookies[SESSION_COOKIE]), acceptEncoding: request.headers['accept-encoding'],
    });
    if (page.encoding) reply.header('content-encoding', page.encoding);
    // The same URL answers a prerendered page or the shell (session cookie) in brotli, gzip or identity.
    return reply.status(isClientRoute(urlPath) ? 200 : 404).type('text/html; charset=utf-8').header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie').send(page.body);
  });
}
