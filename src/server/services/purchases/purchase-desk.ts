import type { Database } from '../../db/client';
import { runTransaction } from '../../db/run-transaction';
import type { StatementRunner } from '../../db/statement-runner';
import type { PurchaseRequest } from '../../../domain/purchases/allocate-purchases';
import { BatchingQueue, type Settled } from '../batching-queue';
import { idempotentBatchIn } from '../idempotency/idempotent-writes';
import type { IdempotencyTicket } from '../idempotency/idempotency-ticket';
import type { MarketEvents } from '../market-events';
import { purchaseBatchIn, type PurchaseResult } from './purchase-batch';

/**
 * Entry point of primary purchases. Purchases that arrive while the previous batch is being written run together as
 * ONE transaction (`purchaseBatchIn`), in arrival order, whatever their projects: on the embedded database a
 * transaction per purchase capped throughput near 500 a second, while a batch costs the same four round trips for
 * 1 purchase or 100. Each purchase is still decided on its own, against stock and cash as the purchases before it
 * left them.
 */
export type DeskPurchase = PurchaseRequest & { ticket?: IdempotencyTicket<PurchaseResult> };

export class PurchaseDesk {
  private readonly queue = new BatchingQueue<'purchases', DeskPurchase, PurchaseResult>((_key, requests) => this.runBatch(requests));

  constructor(private readonly deps: { db: Database; clock: () => Date; events: MarketEvents; statements: StatementRunner }) {}

  purchase(request: DeskPurchase): Promise<PurchaseResult> {
    return this.queue.submit('purchases', request);
  }

  private async runBatch(requests: readonly DeskPurchase[]): Promise<Settled<PurchaseResult>[]> {
    const { db, clock, events, statements } = this.deps;
    const now = clock();
    // Keyed purchases store their answers in the batch's transaction; an already answered key does not run again.
    const outcomes = await runTransaction(db, (tx) =>
      idempotentBatchIn<PurchaseResult, DeskPurchase>(tx, requests, now, (runnable) => purchaseBatchIn(tx, runnable, now, statements), statements));
    // After the commit, so that listeners (catalogue cache, live views) read the new stock.
    const soldProjects = new Set(outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value.holding.projectId] : [])));
    for (const projectId of soldProjects) events.publish({ type: 'project', projectId });
    return outcomes;
  }
}
