import type { Database, Transaction } from '@/server/db/client';
import { InsufficientCreditsError, RefusedError } from '@/domain/errors';
import { formatCents, parseCents } from '@/domain/money';
import { tradablePool } from '@/domain/routing/pool-depth';
import { poolOnly, routeMarketOrder } from '@/domain/routing/route-market-order';
import type { PoolState } from '@/domain/amm/pool-state';
import type { FillPlan, MarketOrderInput, OrderSide } from '@/domain/routing/fill-plan';
import type { MarketOrderRequest } from '@/domain/trading/trading-command';
import { requireWithinApproved } from '@/domain/trading/approved-cost';
import type { RoutedTrade, RoutingSummary } from '@/shared/schemas/pool';
import type { MarketOrderQuote } from '@/shared/schemas/trading';
import { averagePriceCents, fillVenue, percentFromBasisPoints, slippageBasisPoints } from '@/domain/routing/market-order-figures';
import type { MarketEvents } from '@/server/services/market-events';
import { lockBook, type BookLock } from '@/server/services/trading/project-lock';
import { newProjectCache, runOnBook } from '@/server/services/trading/run-batch';
import { tradeToApi } from '@/server/services/trading/to-api';
import { swapIn } from './execute-swap';
import { findPool } from './pool-queries';
import { readRoutingInputs, type RoutingInputs } from './read-routing-inputs';
import { runTransaction } from '@/server/db/run-transaction';
import { idempotentIn } from '@/server/services/idempotency/idempotent-writes';
import type { AuditActor } from '@/domain/audit/audit-chain';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import { mapTicket, type IdempotencyTicket } from '@/server/services/idempotency/idempotency-ticket';

export interface RoutedMarketOrder {
  /** Book fills first (venue 'book'), then the pool fill (venue 'pool'), as SPEC.md's list of trades. */
  trades: RoutedTrade[];
  routing: RoutingSummary;
}

/**
 * Best execution of a market order across the project's order book and its pool (issue 5), or null when the
 * project has no pool that can trade (the caller then uses the order book alone). ONE transaction under the
 * project's trading lock (the book's: see lockBook): read the book side and the pool, plan with `routeMarketOrder`,
 * execute the book part with the trading desk's own batch (a market order of the planned book tonnes, stored as its
 * IOC order, on a book read afresh), then
 * the pool part as one swap re-quoted on the locked pool. A market buy takes only what the taker's cash pays for
 * across both venues; a market sell needs the tonnes, like the order book's.
 */
export async function executeRoutedMarketOrder(
  deps: { db: Database; clock: () => Date; events: MarketEvents },
  input: MarketOrderRequest & { actor?: AuditActor; maxCostCents?: bigint },
  ticket?: IdempotencyTicket<RoutedMarketOrder>,
): Promise<RoutedMarketOrder | null> {
  // A plain read first, so that projects without a pool pay nothing extra.
  const found = await findPool(deps.db, input.projectId, null);
  if (!found || !tradablePool(found.pool.state)) return null;
  const now = deps.clock();
  // A keyed order stores its answer only when it traded here; otherwise the caller's book-only order stores it.
  const keyed = mapTicket(ticket, (routed: RoutedMarketOrder | null) => routed);
  const result = await runTransaction(deps.db, (tx) => idempotentIn(tx, keyed, now, async () => {
    // The book lock: this order may change the book, so the trading desk's cached copy must be read again.
    const lock = await lockBook(tx, input.projectId, 1);
    if (!lock) return null;
    const inputs = await readRoutingInputs(tx, input);
    if (!tradablePool(inputs.pool)) return null;
    const plan = planWithinMeans(input, inputs);
    if (input.side === 'buy') requireWithinApproved(plan.cashCents, input.maxCostCents);
    const executed = await executePlan(tx, input, plan, inputs.pool, lock, now);
    // Last in the transaction; the book part runs without an actor, so this is the order's one entry.
    if (input.actor) {
      await appendAuditEntries(tx, [{
        actor: input.actor, action: 'order.market_routed', targetType: 'project', targetId: String(input.projectId),
        after: { projectId: input.projectId, side: input.side, quantity: input.quantity, trades: executed.trades.length, routing: executed.routing },
      }], now);
    }
    return executed;
  }));
  if (result) {
    deps.events.publish({ type: 'project', projectId: input.projectId });
    for (const userId of result.touchedUserIds) deps.events.publish({ type: 'user', userId });
  }
  return result && { trades: result.trades, routing: result.routing };
}

/**
 * What `executeRoutedMarketOrder` (or, without a pool, the order book alone) would do now, without doing it: the
 * same inputs (`readRoutingInputs`, which stops the book at the taker's own first resting order) and the same plan
 * (`planWithinMeans`), so the preview cannot drift from the fill; refusals are the execution's too (a sell beyond
 * the taker's credits, a buy the cash cannot pay one tonne of).
 */
export async function quoteMarketOrder(
  db: Database,
  input: MarketOrderRequest,
): Promise<MarketOrderQuote> {
  const inputs = await readRoutingInputs(db, input);
  const routing = { ...inputs, pool: tradablePool(inputs.pool) ? inputs.pool : null };
  const plan = planWithinMeans(input, routing);
  const order = (quantity: number): MarketOrderInput => ({ side: input.side, quantity: BigInt(quantity), levels: routing.levels, pool: routing.pool });
  const full = routeMarketOrder(order(input.quantity));
  const best = plan.filledQuantity > 0n ? routeMarketOrder(order(1)).cashCents : null;
  const average = averagePriceCents(plan.cashCents, plan.filledQuantity);
  const filled = Number(plan.filledQuantity);
  return {
    projectId: input.projectId,
    orderType: input.side,
    requestedQuantity: input.quantity,
    quantity: filled,
    unfilled: input.quantity - filled,
    limitedBy: filled === input.quantity ? null : plan.filledQuantity < full.filledQuantity ? 'cash' : 'depth',
    total: formatCents(plan.cashCents),
    averagePrice: average === null ? null : formatCents(average),
    bestPrice: best === null ? null : formatCents(best),
    slippagePercent: best === null ? null : percentFromBasisPoints(slippageBasisPoints(input.side, best, plan.cashCents, plan.filledQuantity)),
    venue: fillVenue(Number(plan.book.quantity), Number(plan.pool.quantity)),
    book: { quantity: Number(plan.book.quantity), total: formatCents(plan.book.cashCents) },
    pool: { quantity: Number(plan.pool.quantity), total: formatCents(plan.pool.cashCents) },
    ownOrder: inputs.ownOrder && { id: inputs.ownOrder.id, pricePerCredit: formatCents(inputs.ownOrder.priceCents), quantity: inputs.ownOrder.quantity },
  };
}

/** The routed plan for the whole order, or for the most tonnes the buyer's cash pays for (binary search). */
function planWithinMeans(input: { side: OrderSide; quantity: number }, inputs: Pick<RoutingInputs, 'levels' | 'pool' | 'cashCents' | 'activeTonnes'>): FillPlan {
  const order = (quantity: number): MarketOrderInput => ({ side: input.side, quantity: BigInt(quantity), levels: inputs.levels, pool: inputs.pool });
  if (input.side === 'sell') {
    if (inputs.activeTonnes < input.quantity) {
      throw new InsufficientCreditsError(
        `Insufficient credits: you have ${inputs.activeTonnes} available credits of this project, the order needs ${input.quantity}`,
        { availableTonnes: inputs.activeTonnes, requestedTonnes: input.quantity },
      );
    }
    return routeMarketOrder(order(input.quantity));
  }
  const full = routeMarketOrder(order(input.quantity));
  if (full.cashCents <= inputs.cashCents) return full;
  let low = 0;
  let high = input.quantity;
  while (low < high) {
    const middle = Math.floor((low + high + 1) / 2);
    if (routeMarketOrder(order(middle)).cashCents <= inputs.cashCents) low = middle;
    else high = middle - 1;
  }
  if (low === 0) {
    const first = routeMarketOrder(order(1));
    throw new RefusedError(`Insufficient funds: the best price is $${formatCents(first.cashCents)} per credit and your cash balance is $${formatCents(inputs.cashCents)}`, {
      balanceCents: inputs.cashCents, requiredCents: first.cashCents,
    });
  }
  return routeMarketOrder(order(low));
}

async function executePlan(
  tx: Transaction,
  input: MarketOrderRequest,
  plan: FillPlan,
  pool: PoolState | null,
  lock: BookLock,
  now: Date,
) {
  const trades: RoutedTrade[] = [];
  const touchedUserIds = new Set<number>([input.userId]);
  let bookTonnes = 0n;
  let bookCents = 0n;
  if (plan.book.quantity > 0n) {
    const command = { kind: 'market' as const, userId: input.userId, side: input.side, quantity: Number(plan.book.quantity), selfTradePrevention: input.selfTradePrevention };
    const { outcomes, changes, written } = await runOnBook(tx, newProjectCache(), input.projectId, lock, [command], now);
    const outcome = outcomes[0];
    if (!outcome.ok) throw outcome.error;
    for (const trade of changes.trades) {
      trades.push({ ...tradeToApi({ ...trade, id: written.tradeIds.get(trade.key)!, projectId: input.projectId, createdAt: now }), venue: 'book' });
      bookTonnes += BigInt(trade.quantity);
      bookCents += trade.totalCents;
    }
    for (const userId of changes.touchedUserIds) touchedUserIds.add(userId);
  }
  // The book cannot move under the lock, so it fills as planned; should it fill less, the pool takes the rest alone.
  const poolTonnes = bookTonnes === plan.book.quantity ? plan.pool.quantity
    : poolOnly({ side: input.side, quantity: plan.filledQuantity - bookTonnes, levels: [], pool }).filledQuantity;
  let poolCents = 0n;
  if (poolTonnes > 0n) {
    const swap = await swapIn(tx, { userId: input.userId, projectId: input.projectId, side: input.side, quantity: Number(poolTonnes), limitCents: null }, now);
    poolCents = swap.quote.cashCents;
    trades.push({
      id: swap.trade.id, projectId: input.projectId, buyOrderId: null, sellOrderId: null, pricePerCredit: formatCents(swap.trade.priceCents),
      quantity: swap.trade.quantity, totalValue: formatCents(swap.trade.totalCents), createdAt: now.toISOString(), venue: 'pool',
    });
  }
  const routing: RoutingSummary = {
    book: { quantity: Number(bookTonnes), total: formatCents(bookCents) },
    pool: { quantity: Number(poolTonnes), total: formatCents(poolCents) },
    unfilled: input.quantity - Number(bookTonnes + poolTonnes),
  };
  return { trades, routing, touchedUserIds: [...touchedUserIds] };
}

/** The same shape for a market order the order book filled alone (no pool): every trade is a book trade. */
export function bookOnlyRouting(trades: readonly Omit<RoutedTrade, 'venue'>[], quantity: number): RoutedMarketOrder {
  const tonnes = trades.reduce((sum, trade) => sum + trade.quantity, 0);
  const cents = trades.reduce((sum, trade) => sum + parseCents(trade.totalValue), 0n);
  return {
    trades: trades.map((trade) => ({ ...trade, venue: 'book' })),
    routing: { book: { quantity: tonnes, total: formatCents(cents) }, pool: { quantity: 0, total: '0.00' }, unfilled: quantity - tonnes },
  };
}
