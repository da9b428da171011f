import type { Database } from '@/server/db/client';
import type { StatementRunner } from '@/server/db/statement-runner';
import type { PurchaseRequest } from '@/domain/purchases/allocate-purchases';
import { BatchDesk } from '@/server/services/batch-desk';
import type { MarketEvents } from '@/server/services/market-events';
import { purchaseBatchIn, type KeyedPurchase, type PurchaseResult } from './purchase-batch';

export type DeskPurchase = KeyedPurchase;

/**
 * Entry point of primary purchases: a configuration of the one batching pipeline (BatchDesk). Purchases that arrive
 * while the previous batch is being written run together as ONE transaction (`purchaseBatchIn`), in arrival order,
 * whatever their projects: a transaction per purchase capped throughput near 500 a second on the embedded database,
 * while a batch costs the same two statements for 1 purchase or 100, with or without Idempotency-Keys (the answers
 * are folded into the batch's one write). Each purchase is still decided on its own, against stock and cash as the
 * purchases before it left them.
 */
export class PurchaseDesk {
  private readonly desk: BatchDesk<'purchases', PurchaseRequest, PurchaseResult>;

  constructor(deps: { db: Database; clock: () => Date; events: MarketEvents; statements: StatementRunner }) {
    this.desk = new BatchDesk(deps, {
      run: async (tx, _key, requests, now) => {
        const outcomes = await purchaseBatchIn(tx, requests, now, deps.statements);
        // Listeners (catalogue cache, live views, anchoring) read the new stock: after the commit.
        const soldProjects = new Set(outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value.holding.projectId] : [])));
        return { outcomes, answersStored: true, publish: () => soldProjects.forEach((projectId) => deps.events.publish({ type: 'project', projectId })) };
      },
    });
  }

  purchase(request: DeskPurchase): Promise<PurchaseResult> {
    return this.desk.submit('purchases', request);
  }
}
