import type { Database, Transaction } from '../../db/client';
import { NotFoundError } from '../../../domain/errors';
import type { MarketEvents } from '../market-events';
import type { SwapResult } from './execute-swap';
import { BatchingQueue, type Settled } from '../batching-queue';
import { loadSwapBatch } from './load-swap-batch';
import { lockProject } from '../trading/project-lock';
import { runTransaction } from '../../db/run-transaction';
import { SwapBatchLedger, type SwapCommand } from '../../../domain/amm/swap-batch-ledger';
import { writeSwapBatch } from './write-swap-batch';
import { idempotentBatchIn } from '../idempotency/idempotent-writes';
import type { IdempotencyTicket } from '../idempotency/idempotency-ticket';
import type { StatementRunner } from '../../db/statement-runner';

/** A swap as the desk queues it: keyed requests carry their idempotency ticket. */
export type DeskSwap = SwapCommand & { ticket?: IdempotencyTicket<SwapResult> };

/**
 * Entry point of swaps. Swaps of one pool that arrive while its previous batch is running queue up and then run
 * together in ONE transaction under the project's trading lock (lock, one read, the pure `SwapBatchLedger`, one
 * write), in arrival order. On the embedded database every statement runs on the main thread, so a transaction per
 * swap costs five round trips each, while a batch costs the same five for 1 swap or 100 (the order book's
 * TradingDesk does the same for orders). Each swap is still all-or-nothing: its checks run against the pool and
 * balances as the swaps before it left them, and a refused swap changes nothing (see BatchingQueue).
 */
export class SwapDesk {
  private readonly queue: BatchingQueue<number, DeskSwap, SwapResult>;

  constructor(
    private readonly deps: { db: Database; clock: () => Date; events: MarketEvents; statements?: StatementRunner },
    maxBatchSize = 100,
  ) {
    this.queue = new BatchingQueue((projectId, commands) => this.runBatch(projectId, commands), maxBatchSize);
  }

  swap(projectId: number, command: DeskSwap): Promise<SwapResult> {
    return this.queue.submit(projectId, command);
  }

  private async runBatch(projectId: number, commands: readonly DeskSwap[]): Promise<Settled<SwapResult>[]> {
    let swapped = false;
    const now = this.deps.clock();
    const outcomes = await runTransaction(this.deps.db, (tx) => idempotentBatchIn<SwapResult, DeskSwap>(tx, commands, now, async (runnable) => {
      const ran = await this.execute(tx, projectId, runnable, now);
      swapped = ran.some((outcome) => outcome.ok);
      return ran;
    }, this.deps.statements));
    // After the commit, so that caches and live views read the new pool.
    if (swapped) this.deps.events.publish({ type: 'project', projectId });
    return outcomes;
  }

  /** The batch's work inside its transaction: lock, read, run in memory, write, and each swap's answer. */
  private async execute(tx: Transaction, projectId: number, commands: readonly SwapCommand[], now: Date): Promise<Settled<SwapResult>[]> {
    const { statements } = this.deps;
    await lockProject(tx, projectId, statements);
    const state = await loadSwapBatch(tx, projectId, commands, statements);
    if (!state.pool) {
      const error = new NotFoundError(`No liquidity pool exists for project ${projectId}`);
      return commands.map(() => ({ ok: false, error }));
    }
    const pool = state.pool;
    const ledger = new SwapBatchLedger(pool.id, pool.state, state.users, state.lots, now.getTime());
    const outcomes = ledger.run(commands);
    const tradeIds = ledger.fills.length > 0 ? await writeSwapBatch(tx, projectId, ledger, now, statements) : new Map<number, number>();
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
