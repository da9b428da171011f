import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@/shared/schemas/common';
import {
  amendOrderBody, cancelAllQuery, cancelAllResponse, candle, idPathParam, type Order, marketOrderBody, marketOrderQuote, marketOrderQuoteQuery, marketStats, order, orderBook, orderBookQuery, placeOrderBody, placeOrderResponse,
  portfolioPerformance as performanceSchema, priceHistoryQuery, trade, tradesQuery,
} from '@/shared/schemas/trading';
import { NotFoundError } from '@/domain/errors';
import { formatCents, parseCents } from '@/domain/money';
import { pendingApproval } from '@/shared/schemas/approval';
import { findPolicy, spending } from '@/server/services/approvals/approval-policies';
import { gateRequest } from '@/server/services/approvals/approval-requests';
import { respondHeld } from './held-requests';
import type { OrderExecutors } from '@/server/services/approvals/order-approvals';
import { checkOrderExpiry } from '@/domain/trading/order-expiry';
import type { AppDeps } from '@/server/app-deps';
import { requireActing, requireUserId } from '@/server/auth/current-user';
import { requestActor } from '@/server/auth/request-actor';
import { MarketReadCache } from '@/server/services/trading/market-read-cache';
import { marketStats as loadMarketStats, priceHistory, projectExists, recentTrades } from '@/server/services/trading/market-queries';
import { listUserOrders, orderBookDepth } from '@/server/services/trading/order-queries';
import { portfolioPerformance } from '@/server/services/trading/performance-query';
import { TradingDesk, type PlacedOrder } from '@/server/services/trading/trading-desk';
import { idempotencyGate } from '@/server/plugins/idempotency-gate';
import { mapTicket } from '@/server/services/idempotency/idempotency-ticket';
import { bookOnlyRouting, executeRoutedMarketOrder, quoteMarketOrder, type RoutedMarketOrder } from '@/server/services/pools/execute-routed-market-order';
import { routedTrade } from '@/shared/schemas/pool';
import { requireWithinApproved } from '@/domain/trading/approved-cost';
import { startOrderExpirySweep } from '@/server/ops/order-expiry-sweep';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };
const pending = { 202: pendingApproval };

/** A limit, stop or stop-limit order as the desk takes it, from the route's validated body. */
function limitOrderOf(userId: number, body: z.output<typeof placeOrderBody>, now: Date) {
  const { projectId, orderType, quantity, pricePerCredit, timeInForce, postOnly, expiresAt, type, stopPrice, selfTradePrevention } = body;
  const stopPriceCents = stopPrice === undefined ? null : parseCents(stopPrice);
  // A sell stop market order has no price of its own: its stop price stands in until it trades (then its worst fill price).
  const priceCents = parseCents(pricePerCredit ?? stopPrice!);
  const expiresAtMs = expiresAt === undefined ? null : Date.parse(expiresAt);
  if (expiresAtMs !== null) checkOrderExpiry(expiresAtMs, now.getTime());
  return { userId, projectId, side: orderType, priceCents, quantity, timeInForce, postOnly, expiresAtMs, selfTradePrevention, stopPriceCents, stopMarket: type === 'market' };
}
const projectParams = z.object({ projectId: idPathParam });

/** SPEC.md section 7 trading calls (pools and swaps live in their own routes). */
export function tradingRoutes(deps: AppDeps, orders: OrderExecutors = {}): FastifyPluginAsyncZod {
  const { db, clock, events, statements } = deps;
  const desk = new TradingDesk({ db, clock, events, statements });
  const cache = new MarketReadCache(events);
  const gate = idempotencyGate(deps);

  /** Public reads of one project share the cache; an unknown project is a 404. */
  async function projectRead<T>(key: string, projectId: number, load: () => Promise<T>): Promise<T> {
    const [found, value] = await Promise.all([cache.get(`exists:${projectId}`, projectId, () => projectExists(db, projectId)), cache.get(key, projectId, load)]);
    if (!found) throw new NotFoundError(`Project ${projectId} not found`);
    return value;
  }

  /** Organisations with a policy count each member's buying towards their daily spend limit (issue 30 item 3). */
  /** The member's spend, counted before the work and given back if it fails (see `spending`). */
  const spendOf = (actor: { accountId: number; personId: number }, valueCents: bigint) => ({ accountId: actor.accountId, userId: actor.personId, valueCents });

  // An approved order runs here, through this desk, as its requester's organisation would have placed it.
  orders.placeOrder = async (accountId, body, actor) => {
    const placed = await desk.placeLimitOrder({ ...limitOrderOf(accountId, placeOrderBody.parse(body), clock()), actor });
    return { projectId: body.projectId, orderId: placed.order?.id ?? null };
  };
  orders.marketOrder = async (accountId, body, approvedTotalCents, actor) => {
    const order = { userId: accountId, projectId: body.projectId, side: body.orderType, quantity: body.quantity, selfTradePrevention: body.selfTradePrevention ?? undefined, actor };
    // The quote refuses early; the venues check the approved total again where the order trades (the book inside the
    // desk's batch, book and pool inside the routed transaction), since prices may move between the quote and the run.
    const maxCostCents = order.side === 'buy' ? approvedTotalCents : undefined;
    if (maxCostCents !== undefined) requireWithinApproved(parseCents((await quoteMarketOrder(db, order)).total), maxCostCents);
    if (!(await executeRoutedMarketOrder(deps, { ...order, maxCostCents }))) await desk.placeMarketOrder({ ...order, maxCostCents });
    return { projectId: body.projectId, orderId: null };
  };

  return async (app) => {
    allowEmptyJsonBodies(app);
    // Issue 31: GTD orders are cancelled at their end, on one instance at a time (see startOrderExpirySweep).
    // Issue 31 stops reached while no batch ran (a restart, another writer's trade) are triggered by the same sweep.
    const expiry = startOrderExpirySweep({ expireDueOrders: () => desk.expireDueOrders(), triggerReachedStops: () => desk.triggerReachedStops(), databaseUrl: deps.config.databaseUrl, log: (line) => app.log.info(line) });
    app.addHook('onClose', () => expiry.stop());

    // Who acts (the organisation's account, whose ledger changes) and the audit log's actor.
    const actingWith = async (request: FastifyRequest) => {
      const acting = await requireActing(request, db, clock());
      return { acting, userId: acting.accountId, actor: requestActor(request, acting) };
    };

    app.post('/trading/orders', { schema: { tags: ['trading'], body: placeOrderBody, response: { 201: placeOrderResponse, ...pending, ...errors } } }, async (request, reply) => {
      const now = clock();
      const { acting, userId, actor } = await actingWith(request);
      const order = { ...limitOrderOf(userId, request.body, now), actor };
      // Issue 30 item 3: an order's value is price × quantity; a buy spends it against the member's daily limit.
      const valueCents = order.priceCents * BigInt(order.quantity);
      const spendCents = order.side === 'buy' ? valueCents : 0n;
      const held = await gateRequest(db, acting, {
        spendCents: valueCents, dailySpendCents: spendCents, retireTonnes: 0, stored: { kind: 'order', body: request.body },
        summary: `${order.side === 'buy' ? 'Buy' : 'Sell'} order: ${order.quantity} t of project ${order.projectId} at $${formatCents(order.priceCents)}`,
      }, now);
      if (held) return respondHeld({ db, gate }, request, reply, userId, held, now);
      return gate.respond<PlacedOrder>(request, reply, {
        userId,
        answer: (placed) => ({ status: 201, body: { order: placed.order!, matched: placed.trades.length > 0, trades: placed.trades } }),
        work: (ticket) => spending(db, spendOf(acting, spendCents), now, () => desk.placeLimitOrder(order, ticket)),
      });
    });

    app.patch('/trading/orders/:id/cancel', { schema: { tags: ['trading'], params: z.object({ id: idPathParam }), response: { 200: order, ...errors } } }, async (request, reply) => {
      const { userId, actor } = await actingWith(request);
      return gate.respond<Order>(request, reply, {
        userId,
        answer: (cancelled) => ({ status: 200, body: cancelled }),
        work: (ticket) => desk.cancelOrder(userId, request.params.id, ticket, actor),
      });
    });

    app.patch('/trading/orders/:id', {
      schema: {
        tags: ['trading'], description: 'Amends a live limit order (issue 31): quantity down keeps its place; a new price or more tonnes send it to the back of the queue.',
        params: z.object({ id: idPathParam }), body: amendOrderBody, response: { 200: order, ...errors },
      },
    }, async (request, reply) => {
      const { userId, actor } = await actingWith(request);
      const { quantity, pricePerCredit } = request.body;
      const change = { quantity: quantity ?? null, priceCents: pricePerCredit === undefined ? null : parseCents(pricePerCredit) };
      return gate.respond<Order>(request, reply, {
        userId,
        answer: (amended) => ({ status: 200, body: amended }),
        work: (ticket) => desk.amendOrder(userId, request.params.id, change, ticket, actor),
      });
    });

    app.post('/trading/orders/cancel-all', {
      schema: {
        tags: ['trading'], description: 'Cancels every live order of the caller, of one project (?projectId=) or all; lists the orders it cancelled.',
        querystring: cancelAllQuery, response: { 200: cancelAllResponse, 400: errorResponse, 401: errorResponse },
      },
    }, async (request) => {
      const { userId, actor } = await actingWith(request);
      return { cancelled: await desk.cancelAllOrders(userId, request.query.projectId, actor) };
    });

    app.post('/trading/market-order', { schema: { tags: ['trading'], body: marketOrderBody, response: { 200: z.array(routedTrade), ...pending, ...errors } } }, async (request, reply) => {
      const now = clock();
      const { acting, userId, actor } = await actingWith(request);
      const { projectId, orderType, quantity, selfTradePrevention } = request.body;
      // Issue 5 best execution: book and pool together when the project has a pool (docs/amm.md); the split is in x-routing.
      const order = { userId, projectId, side: orderType, quantity, selfTradePrevention };
      // Issue 30 item 3: under a policy, a market order is worth what its quote costs now; only then is it quoted.
      const totalCents = (await findPolicy(db, acting.accountId, now)) ? parseCents((await quoteMarketOrder(db, order)).total) : 0n;
      const spendCents = orderType === 'buy' ? totalCents : 0n;
      const held = await gateRequest(db, acting, {
        spendCents: totalCents, dailySpendCents: spendCents, retireTonnes: 0,
        stored: { kind: 'market_order', body: { ...request.body, approvedTotalCents: totalCents.toString() } },
        summary: `Market ${orderType}: ${quantity} t of project ${projectId}, about $${formatCents(totalCents)}`,
      }, now);
      if (held) return respondHeld({ db, gate }, request, reply, userId, held, now);
      return gate.respond<RoutedMarketOrder>(request, reply, {
        userId,
        answer: (routed) => ({ status: 200, body: routed.trades, headers: { 'x-routing': JSON.stringify(routed.routing) } }),
        work: (ticket) => spending(db, spendOf(acting, spendCents), now, async () => (await executeRoutedMarketOrder(deps, { ...order, actor }, ticket))
          ?? bookOnlyRouting((await desk.placeMarketOrder({ ...order, actor }, mapTicket(ticket, (placed: PlacedOrder) => bookOnlyRouting(placed.trades, quantity)))).trades, quantity)),
      });
    });

    app.get('/trading/market-order/quote', {
      schema: {
        tags: ['trading'],
        description: 'What POST /trading/market-order with these fields would do now (nothing is reserved): tonnes, total, average price, where it fills and the slippage.',
        querystring: marketOrderQuoteQuery,
        response: { 200: marketOrderQuote, 400: errorResponse, 401: errorResponse, 404: errorResponse, 422: errorResponse },
      },
    }, async (request) => {
      const userId = await requireUserId(request, db, clock());
      const { projectId, orderType, quantity, selfTradePrevention } = request.query;
      if (!(await projectExists(db, projectId))) throw new NotFoundError(`Project ${projectId} not found`);
      return quoteMarketOrder(db, { userId, projectId, side: orderType, quantity, selfTradePrevention });
    });

    app.get('/trading/orders/my', { schema: { tags: ['trading'], response: { 200: z.array(order), 401: errorResponse } } }, async (request) =>
      listUserOrders(db, await requireUserId(request, db, clock())));

    app.get('/trading/orders/user/:userId', { schema: { tags: ['trading'], params: z.object({ userId: idPathParam }), response: { 200: z.array(order), ...errors } } }, async (request) => {
      const userId = await requireUserId(request, db, clock());
      // Only one's own orders: anyone else's list does not exist as far as this caller can tell.
      if (request.params.userId !== userId) throw new NotFoundError(`User ${request.params.userId} not found`);
      return listUserOrders(db, userId);
    });

    app.get('/trading/orderbook/:projectId', { schema: { tags: ['trading'], params: projectParams, querystring: orderBookQuery, response: { 200: orderBook, 400: errorResponse, 404: errorResponse } } }, async (request) => {
      const { projectId } = request.params;
      const book = await cache.get(`book:${projectId}:${request.query.depth}`, projectId, () => orderBookDepth(db, projectId, request.query.depth));
      if (!book) throw new NotFoundError(`Project ${projectId} not found`);
      return book;
    });

    app.get('/trading/trades/:projectId', { schema: { tags: ['trading'], params: projectParams, querystring: tradesQuery, response: { 200: z.array(trade), 400: errorResponse, 404: errorResponse } } }, async (request) => {
      const { projectId } = request.params;
      return projectRead(`trades:${projectId}:${request.query.limit}`, projectId, () => recentTrades(db, projectId, request.query.limit));
    });

    app.get('/trading/stats', { schema: { tags: ['trading'], response: { 200: marketStats } } }, async () =>
      cache.get('stats', null, () => loadMarketStats(db, null, clock())));

    app.get('/trading/stats/:projectId', { schema: { tags: ['trading'], params: projectParams, response: { 200: marketStats, 400: errorResponse, 404: errorResponse } } }, async (request) => {
      const { projectId } = request.params;
      return projectRead(`stats:${projectId}`, projectId, () => loadMarketStats(db, projectId, clock()));
    });

    app.get('/trading/price-history/:projectId', { schema: { tags: ['trading'], params: projectParams, querystring: priceHistoryQuery, response: { 200: z.array(candle), 400: errorResponse, 404: errorResponse } } }, async (request) => {
      const { projectId } = request.params;
      const { interval, limit } = request.query;
      return projectRead(`candles:${projectId}:${interval}:${limit}`, projectId, () => priceHistory(db, projectId, interval, limit, clock()));
    });

    app.get('/trading/portfolio/performance', { schema: { tags: ['trading'], response: { 200: performanceSchema, 401: errorResponse } } }, async (request) =>
      portfolioPerformance(db, await requireUserId(request, db, clock())));
  };
}

/**
 * The SPEC client sends a JSON content type on every request, also on the body-less cancel: inside these routes an
 * empty JSON body means "no body" instead of a 400. Other bodies go to Fastify's own parser.
 */
function allowEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
