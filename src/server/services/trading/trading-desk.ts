import type { Database } from '../../db/client';
import { NotFoundError } from '../../../domain/errors';
import type { OrderSide } from '../../../domain/orderbook/order-status';
import type { TradingCommand } from '../../../domain/trading/run-trading-batch';
import type { Order, Trade } from '../../../shared/schemas/trading';
import type { MarketEvents } from '../market-events';
import { findOrderOwner } from './order-queries';
import { runBatch, type BatchResult } from './run-batch';
import type { StatementRunner } from '../../db/statement-runner';
import { orderFromLedger, tradeToApi } from './to-api';

export interface PlacedOrder {
  /** Null for a market order that found nothing to trade with (nothing was stored). */
  order: Order | null;
  trades: Trade[];
}

interface Pending {
  command: TradingCommand;
  resolve: (placed: PlacedOrder) => void;
  reject: (error: unknown) => void;
}

/**
 * Entry point of order-book trading. Requests for one project that arrive while its previous batch is running
 * are queued and then run together as ONE transaction (see runBatch), in arrival order: on the embedded database,
 * where every statement runs on the main thread, a transaction per order would cap throughput near 1,000 statements'
 * worth of orders a second, while a batch costs the same five round trips for 1 order or 100. Each request still
 * gets its own outcome: a refused order changes nothing and does not affect its neighbours. If a batch fails for
 * any other reason its requests are retried one by one, so a fault is confined to the request that causes it.
 */
export class TradingDesk {
  private readonly queues = new Map<number, Pending[]>();
  private readonly draining = new Set<number>();

  constructor(
    private readonly deps: { db: Database; clock: () => Date; events: MarketEvents; statements?: StatementRunner },
    private readonly maxBatchSize = 100,
  ) {}

  placeLimitOrder(input: { userId: number; projectId: number; side: OrderSide; priceCents: bigint; quantity: number }): Promise<PlacedOrder> {
    return this.submit(input.projectId, { kind: 'limit', userId: input.userId, side: input.side, priceCents: input.priceCents, quantity: input.quantity });
  }

  placeMarketOrder(input: { userId: number; projectId: number; side: OrderSide; quantity: number }): Promise<PlacedOrder> {
    return this.submit(input.projectId, { kind: 'market', userId: input.userId, side: input.side, quantity: input.quantity });
  }

  /** Owner only: another user's order is a 404, like a missing one; a finished order is a 409. */
  async cancelOrder(userId: number, orderId: number): Promise<Order> {
    const owner = await findOrderOwner(this.deps.db, orderId);
    if (!owner || owner.userId !== userId) throw new NotFoundError(`Order ${orderId} not found`);
    const { order } = await this.submit(owner.projectId, { kind: 'cancel', userId, orderId });
    return order!;
  }

  private submit(projectId: number, command: TradingCommand): Promise<PlacedOrder> {
    return new Promise((resolve, reject) => {
      let queue = this.queues.get(projectId);
      if (!queue) this.queues.set(projectId, (queue = []));
      queue.push({ command, resolve, reject });
      if (!this.draining.has(projectId)) {
        this.draining.add(projectId);
        // Wait one turn of the event loop so that requests arriving together share the first batch.
        setImmediate(() => void this.drain(projectId));
      }
    });
  }

  private async drain(projectId: number): Promise<void> {
    const queue = this.queues.get(projectId)!;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, this.maxBatchSize);
        try {
          this.settle(batch, await this.execute(projectId, batch));
        } catch (error) {
          if (batch.length === 1) batch[0].reject(error);
          else for (const pending of batch) await this.runAlone(projectId, pending);
        }
      }
    } finally {
      this.draining.delete(projectId);
      this.queues.delete(projectId);
    }
  }

  private async runAlone(projectId: number, pending: Pending): Promise<void> {
    try {
      this.settle([pending], await this.execute(projectId, [pending]));
    } catch (error) {
      pending.reject(error);
    }
  }

  private execute(projectId: number, batch: readonly Pending[]): Promise<BatchResult> {
    return runBatch(this.deps.db, projectId, batch.map((pending) => pending.command), this.deps.clock(), this.deps.statements);
  }

  /** Answers each request and announces the change (after the commit, so listeners read the new state). */
  private settle(batch: readonly Pending[], result: BatchResult): void {
    if (result.outcomes.some((outcome) => outcome.ok)) {
      this.deps.events.publish({ type: 'project', projectId: result.project.id });
      for (const userId of result.touchedUserIds) this.deps.events.publish({ type: 'user', userId });
    }
    batch.forEach((pending, index) => {
      const outcome = result.outcomes[index];
      if (!outcome.ok) return pending.reject(outcome.error);
      const order = outcome.orderId === null ? null : orderFromLedger(result.orders.get(outcome.orderId)!, result.project, result.now);
      const trades = outcome.tradeKeys.map((key) => {
        const trade = result.trades.get(key)!;
        return tradeToApi({ ...trade, projectId: result.project.id, createdAt: result.now });
      });
      pending.resolve({ order, trades });
    });
  }
}
