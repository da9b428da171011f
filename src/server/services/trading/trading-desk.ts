import type { Database } from '@/server/db/client';
import { ConflictError, NotFoundError } from '@/domain/errors';
import type { OrderTimeInForce } from '@/domain/trading/ledger-rows';
import type { OrderSide } from '@/domain/orderbook/order-status';
import type { Order } from '@/shared/schemas/trading';
import { BatchDesk } from '@/server/services/batch-desk';
import type { MarketEvents } from '@/server/services/market-events';
import { dueOrders, findOrderOwner, liveOrderIds, projectsWithReachedStops } from './order-queries';
import type { SelfTradePrevention } from '@/domain/orderbook/order-input';
import { newProjectCache, tradingStage, type PlacedOrder, type ProjectCache } from './run-batch';
import type { MarketOrderRequest } from '@/domain/trading/trading-command';
import type { AuditActor } from '@/domain/audit/audit-chain';
import type { AuditedCommand } from './trading-audit';
import { mapTicket, type IdempotencyTicket } from '@/server/services/idempotency/idempotency-ticket';
import type { StatementRunner } from '@/server/db/statement-runner';
export type { PlacedOrder } from './run-batch';

/**
 * Entry point of order-book trading: a configuration of the one batching pipeline (BatchDesk, with `tradingStage`),
 * keyed by project. Requests for one project that arrive while its previous batch is running are queued and then run
 * together as ONE transaction, in arrival order: on the embedded database,
 * where every statement runs on the main thread, a transaction per order would cap throughput near 1,000 statements'
 * worth of orders a second, while a batch costs the same few round trips for 1 order or 100. The top of each
 * project's book stays in memory between its batches, so a batch reads only its buyers' cash and sellers' lots (and
 * the book only when it moved under another writer). Each request still gets its own outcome: a refused order
 * changes nothing and does not affect its neighbours (see BatchingQueue).
 */

/** Beyond this many cached balances the desk starts again (each is a few dozen bytes; this bounds the map, not use). */
const MAX_CACHED_BALANCES = 100_000;

export class TradingDesk {
  private readonly desk: BatchDesk<number, AuditedCommand, PlacedOrder>;
  /** What each traded project's batches keep between them (see ProjectCache); a project's batches run one at a time. */
  private readonly caches = new Map<number, ProjectCache>();
  /** Buyers' cash as the desk last saw it, shared by its projects (a user trades on several); checked on every write. */
  private readonly cash = new Map<number, bigint>();

  constructor(
    private readonly deps: { db: Database; clock: () => Date; events: MarketEvents; statements?: StatementRunner },
    maxBatchSize = 100,
  ) {
    const stage = tradingStage((projectId) => this.cacheOf(projectId), deps.statements);
    this.desk = new BatchDesk(deps, {
      failed: stage.failed,
      run: async (tx, projectId, commands, now, rerun) => {
        const run = await stage.run(tx, projectId, commands, now, rerun);
        // After the commit, so that listeners read the new state.
        const publish = () => {
          if (!run.outcomes.some((outcome) => outcome.ok)) return;
          this.deps.events.publish({ type: 'project', projectId });
          for (const userId of run.touchedUserIds) this.deps.events.publish({ type: 'user', userId });
        };
        return { ...run, publish };
      },
    }, maxBatchSize);
  }

  placeLimitOrder(
    input: {
      userId: number; projectId: number; side: OrderSide; priceCents: bigint; quantity: number; timeInForce?: OrderTimeInForce; postOnly?: boolean;
      expiresAtMs?: number | null; selfTradePrevention?: SelfTradePrevention; stopPriceCents?: bigint | null; stopMarket?: boolean;
      actor?: AuditActor;
    },
    ticket?: IdempotencyTicket<PlacedOrder>,
  ): Promise<PlacedOrder> {
    const { projectId, ...order } = input;
    return this.desk.submit(projectId, { kind: 'limit', ...order, ticket });
  }

  placeMarketOrder(input: MarketOrderRequest & { actor?: AuditActor; maxCostCents?: bigint }, ticket?: IdempotencyTicket<PlacedOrder>): Promise<PlacedOrder> {
    const { userId, side, quantity, selfTradePrevention, actor, maxCostCents } = input;
    return this.desk.submit(input.projectId, { kind: 'market', userId, side, quantity, selfTradePrevention, maxCostCents, actor, ticket });
  }

  /** Owner only: another user's order is a 404, like a missing one; a finished order is a 409. */
  async cancelOrder(userId: number, orderId: number, ticket?: IdempotencyTicket<Order>, actor?: AuditActor): Promise<Order> {
    const owner = await findOrderOwner(this.deps.db, orderId);
    if (!owner || owner.userId !== userId) throw new NotFoundError(`Order ${orderId} not found`);
    const { order } = await this.desk.submit(owner.projectId, { kind: 'cancel', userId, orderId, actor, ticket: mapTicket(ticket, (placed: PlacedOrder) => placed.order) });
    return order!;
  }

  /**
   * Amends the user's live order (issue 31): a new price and/or total quantity, null for unchanged. Someone else's order
   * is a 404, a finished one 409; a quantity not above what has filled, an amend that would trade, or a lock the cash
   * cannot cover are 422.
   */
  async amendOrder(
    userId: number, orderId: number, change: { priceCents: bigint | null; quantity: number | null }, ticket?: IdempotencyTicket<Order>, actor?: AuditActor,
  ): Promise<Order> {
    const owner = await findOrderOwner(this.deps.db, orderId);
    if (!owner || owner.userId !== userId) throw new NotFoundError(`Order ${orderId} not found`);
    const command = { kind: 'amend' as const, userId, orderId, side: owner.side, ...change, actor };
    const { order } = await this.desk.submit(owner.projectId, { ...command, ticket: mapTicket(ticket, (placed: PlacedOrder) => placed.order) });
    return order!;
  }

  /**
   * Cancels every live order of the user (of one project, or all): each project's cancels run as one batch. An order
   * that finished meanwhile is left out of the answer, which lists the orders this call cancelled.
   */
  async cancelAllOrders(userId: number, projectId: number | undefined, actor?: AuditActor): Promise<Order[]> {
    const live = await liveOrderIds(this.deps.db, userId, projectId);
    const settled = await Promise.allSettled(live.map((order) => this.desk.submit(order.projectId, { kind: 'cancel', userId, orderId: order.id, actor })));
    const cancelled: Order[] = [];
    for (const outcome of settled) {
      if (outcome.status === 'fulfilled') cancelled.push(outcome.value.order!);
      else if (!(outcome.reason instanceof ConflictError)) throw outcome.reason;
    }
    return cancelled;
  }

  /**
   * Cancels the GTD orders due now (at most `limit`), releasing their locks and escrow; each project's share runs as
   * one batch. Returns how many it cancelled (one that filled or was cancelled meanwhile is skipped).
   */
  async expireDueOrders(limit = 500): Promise<number> {
    const due = await dueOrders(this.deps.db, this.deps.clock(), limit);
    const placed = await Promise.all(due.map((order) => this.desk.submit(order.projectId, { kind: 'cancel', userId: order.userId, orderId: order.id, expiry: true })));
    return placed.filter((outcome) => outcome.order !== null).length;
  }

  /**
   * Runs a batch (placing nothing) for each project whose waiting stops the last book trade price has reached: after a
   * restart, or after another writer's book trade (a routed market order). The batch triggers them under the project
   * lock, exactly once. Returns how many projects it ran.
   */
  async triggerReachedStops(): Promise<number> {
    const projectIds = await projectsWithReachedStops(this.deps.db);
    await Promise.all(projectIds.map((projectId) => this.desk.submit(projectId, { kind: 'triggers', userId: 0 })));
    return projectIds.length;
  }

  /** The project's cache, made on its first batch; the shared balances start again past their bound. */
  private cacheOf(projectId: number): ProjectCache {
    let cache = this.caches.get(projectId);
    if (!cache) this.caches.set(projectId, (cache = newProjectCache(this.cash)));
    if (this.cash.size > MAX_CACHED_BALANCES) this.cash.clear();
    return cache;
  }
}
