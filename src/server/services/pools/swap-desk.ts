import type { Database } from '../../db/client';
import { NotFoundError } from '../../../domain/errors';
import type { MarketEvents } from '../market-events';
import type { SwapResult } from './execute-swap';
import { BatchingQueue, type Settled } from '../batching-queue';
import { loadSwapBatch } from './load-swap-batch';
import { lockProject } from '../trading/project-lock';
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

/**
 * Entry point of swaps. Swaps of one pool that arrive while its previous batch is running queue up and then run
 * together in ONE transaction under the project's trading lock (lock, one read, the pure `SwapBatchLedger`, one
 * write), in arrival order. On the embedded database every statement runs on the main thread, so a transaction per
 * swap costs five round trips each, while a batch costs the same five for 1 swap or 100 (the order book's
 * TradingDesk does the same for orders). Each swap is still all-or-nothing: its checks run against the pool and
 * balances as the swaps before it left them, and a refused swap changes nothing (see BatchingQueue).
 */
export class SwapDesk {
  private readonly queue: BatchingQueue<number, SwapCommand, SwapResult>;

  constructor(
    private readonly deps: { db: Database; clock: () => Date; events: MarketEvents },
    maxBatchSize = 100,
  ) {
    this.queue = new BatchingQueue((projectId, commands) => this.runBatch(projectId, commands), maxBatchSize);
  }

  swap(projectId: number, command: SwapCommand): Promise<SwapResult> {
    return this.queue.submit(projectId, command);
  }

  private async runBatch(projectId: number, commands: readonly SwapCommand[]): Promise<Settled<SwapResult>[]> {
    const executed = await this.execute(projectId, commands);
    return this.settle(projectId, commands, executed);
  }

  /** The batch's one transaction: lock, read, run in memory, write. Null when the project has no pool. */
  private execute(projectId: number, commands: readonly SwapCommand[]): Promise<Executed> {
    const now = this.deps.clock();
    return runTransaction(this.deps.db, async (tx) => {
      await lockProject(tx, projectId);
      const state = await loadSwapBatch(tx, projectId, commands);
      if (!state.pool) return null;
      const ledger = new SwapBatchLedger(state.pool.id, state.pool.state, state.users, state.lots, now.getTime());
      const outcomes = ledger.run(commands);
      const tradeIds = ledger.fills.length > 0 ? await writeSwapBatch(tx, projectId, ledger, now) : new Map<number, number>();
      return { ledger, outcomes, tradeIds, pool: state.pool, now };
    });
  }

  /** Answers each request after the commit, and announces the change so that caches and live views refresh. */
  private settle(projectId: number, commands: readonly SwapCommand[], executed: Executed): Settled<SwapResult>[] {
    if (!executed) {
      const error = new NotFoundError(`No liquidity pool exists for project ${projectId}`);
      return commands.map(() => ({ ok: false, error }));
    }
    const { ledger, outcomes, tradeIds, pool, now } = executed;
    if (ledger.fills.length > 0) this.deps.events.publish({ type: 'project', projectId });
    return outcomes.map((outcome): Settled<SwapResult> => {
      if (!outcome.ok) return outcome;
      const { fill } = outcome;
      return {
        ok: true,
        value: {
          quote: fill.quote,
          pool: { ...pool, state: fill.quote.poolAfter },
          trade: {
            id: tradeIds.get(fill.key)!, projectId, side: fill.command.side, quantity: fill.command.quantity,
            priceCents: fill.priceCents, totalCents: fill.quote.cashCents, createdAt: now,
          },
          cashCents: fill.cashCentsAfter,
        },
      };
    });
  }
}
