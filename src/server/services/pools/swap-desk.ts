import type { Database } from '../../db/client';
import { NotFoundError } from '../../../domain/errors';
import type { MarketEvents } from '../market-events';
import { executeSwap, type SwapResult } from './execute-swap';
import { loadSwapBatch } from './load-swap-batch';
import { lockProjectTrading } from './project-trading-lock';
import { runTransaction } from '../../db/run-transaction';
import type { PoolRecord } from './read-pool-context';
import { SwapBatchLedger, type SwapCommand, type SwapOutcome } from './swap-batch-ledger';
import { writeSwapBatch } from './write-swap-batch';

type Executed = {
  ledger: SwapBatchLedger;
  outcomes: SwapOutcome[];
  tradeIds: Map<number, number>;
  pool: PoolRecord;
  now: Date;
} | null;

interface Pending {
  command: SwapCommand;
  resolve: (result: SwapResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Entry point of swaps. Swaps of one pool that arrive while its previous batch is running queue up and then run
 * together in ONE transaction under the project's trading lock (lock, one read, the pure `SwapBatchLedger`, one
 * write), in arrival order. On the embedded database every statement runs on the main thread, so a transaction per
 * swap costs five round trips each, while a batch costs the same five for 1 swap or 100 (the order book's
 * TradingDesk does the same for orders). Each swap is still all-or-nothing: its checks run against the pool and
 * balances as the swaps before it left them, and a refused swap changes nothing. If a batch fails for any other
 * reason, its swaps run again one by one (`executeSwap`), so a fault stays with the swap that causes it.
 */
export class SwapDesk {
  private readonly queues = new Map<number, Pending[]>();

  constructor(
    private readonly deps: { db: Database; clock: () => Date; events: MarketEvents },
    private readonly maxBatchSize = 100,
  ) {}

  swap(projectId: number, command: SwapCommand): Promise<SwapResult> {
    return new Promise((resolve, reject) => {
      let queue = this.queues.get(projectId);
      const idle = !queue;
      if (!queue) this.queues.set(projectId, (queue = []));
      queue.push({ command, resolve, reject });
      // Wait one turn of the event loop so that requests arriving together share the first batch.
      if (idle) setImmediate(() => void this.drain(projectId));
    });
  }

  private async drain(projectId: number): Promise<void> {
    const queue = this.queues.get(projectId)!;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, this.maxBatchSize);
        let executed: Executed;
        try {
          executed = await this.execute(projectId, batch.map((pending) => pending.command));
        } catch {
          for (const pending of batch) await this.runAlone(projectId, pending);
          continue;
        }
        this.settle(projectId, batch, executed);
      }
    } finally {
      this.queues.delete(projectId);
    }
  }

  /** The batch's one transaction: lock, read, run in memory, write. Null when the project has no pool. */
  private execute(projectId: number, commands: readonly SwapCommand[]): Promise<Executed> {
    const now = this.deps.clock();
    return runTransaction(this.deps.db, async (tx) => {
      await lockProjectTrading(tx, projectId);
      const state = await loadSwapBatch(tx, projectId, commands);
      if (!state.pool) return null;
      const ledger = new SwapBatchLedger(state.pool.id, state.pool.state, state.users, state.lots, now.getTime());
      const outcomes = ledger.run(commands);
      const tradeIds = ledger.fills.length > 0 ? await writeSwapBatch(tx, projectId, ledger, now) : new Map<number, number>();
      return { ledger, outcomes, tradeIds, pool: state.pool, now };
    });
  }

  /** Answers each request after the commit, and announces the change so that caches and live views refresh. */
  private settle(projectId: number, batch: readonly Pending[], executed: Executed): void {
    if (!executed) {
      for (const pending of batch) pending.reject(new NotFoundError(`No liquidity pool exists for project ${projectId}`));
      return;
    }
    const { ledger, outcomes, tradeIds, pool, now } = executed;
    if (ledger.fills.length > 0) this.deps.events.publish({ type: 'project', projectId });
    batch.forEach((pending, index) => {
      const outcome = outcomes[index];
      if (!outcome.ok) return pending.reject(outcome.error);
      const { fill } = outcome;
      pending.resolve({
        quote: fill.quote,
        pool: { ...pool, state: fill.quote.poolAfter },
        trade: {
          id: tradeIds.get(fill.key)!, projectId, side: fill.command.side, quantity: fill.command.quantity,
          priceCents: fill.priceCents, totalCents: fill.quote.cashCents, createdAt: now,
        },
        cashCents: fill.cashCentsAfter,
      });
    });
  }

  private async runAlone(projectId: number, pending: Pending): Promise<void> {
    try {
      const result = await executeSwap(this.deps.db, { ...pending.command, projectId }, this.deps.clock());
      this.deps.events.publish({ type: 'project', projectId });
      pending.resolve(result);
    } catch (error) {
      pending.reject(error);
    }
  }
}
