import type { Database } from '../../db/client';
import { runTransaction } from '../../db/run-transaction';
import type { StatementRunner } from '../../db/statement-runner';
import { BatchingQueue, type Settled } from '../batching-queue';
import { IDEMPOTENCY_TTL_MS, isAnswerKeyTaken, outcomesOf, slotOf, takenKeys } from '../idempotency/idempotent-writes';
import { AnsweredKeys } from '../idempotency/answered-keys';
import type { MarketEvents } from '../market-events';
import { purchaseBatchIn, type KeyedPurchase, type PurchaseResult } from './purchase-batch';

export type DeskPurchase = KeyedPurchase;

/** A batch whose keys keep turning out answered elsewhere is retried this often before it fails. */
const MAX_KEY_RETRIES = 3;

/**
 * Entry point of primary purchases. Purchases that arrive while the previous batch is being written run together as
 * ONE transaction (`purchaseBatchIn`), in arrival order, whatever their projects: on the embedded database a
 * transaction per purchase capped throughput near 500 a second, while a batch costs the same two statements for
 * 1 purchase or 100, with or without Idempotency-Keys. Each purchase is still decided on its own, against stock and
 * cash as the purchases before it left them. A key this process knows is answered is refused before any work
 * (the gate then replays the stored answer); one it does not know is caught by the answers' insert, which rolls
 * the batch back, and the batch runs again without it.
 */
export class PurchaseDesk {
  private readonly queue = new BatchingQueue<'purchases', DeskPurchase, PurchaseResult>((_key, requests) => this.runBatch(requests));
  private readonly answered = new AnsweredKeys();

  constructor(private readonly deps: { db: Database; clock: () => Date; events: MarketEvents; statements: StatementRunner }) {}

  purchase(request: DeskPurchase): Promise<PurchaseResult> {
    return this.queue.submit('purchases', request);
  }

  private async runBatch(requests: readonly DeskPurchase[]): Promise<Settled<PurchaseResult>[]> {
    const { db, clock, events, statements } = this.deps;
    const now = clock();
    for (let attempt = 1; ; attempt++) {
      const runnable = this.runnable(requests, now);
      try {
        const ran = runnable.length === 0 ? []
          : await runTransaction(db, (tx) => purchaseBatchIn(tx, runnable.map((index) => requests[index]), now, statements));
        const outcomes = outcomesOf(requests.length, runnable, ran);
        this.answered.remember(runnable.flatMap((requestIndex, position) => {
          const { ticket } = requests[requestIndex];
          return ticket && ran[position].ok ? [slotOf(ticket)] : [];
        }), new Date(now.getTime() + IDEMPOTENCY_TTL_MS));
        // After the commit, so that listeners (catalogue cache, live views, anchoring) read the new stock.
        const soldProjects = new Set(outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value.holding.projectId] : [])));
        for (const projectId of soldProjects) events.publish({ type: 'project', projectId });
        return outcomes;
      } catch (error) {
        if (!isAnswerKeyTaken(error) || attempt >= MAX_KEY_RETRIES) throw error;
        // Which keys: those stored meanwhile (learnt, so the next attempt refuses them); an expired answer that was
        // still stored is deleted by this lookup, and the next attempt stores the key again.
        const tickets = runnable.flatMap((index) => requests[index].ticket ?? []);
        this.answered.learn(await takenKeys(db, tickets, now), now);
      }
    }
  }

  /** Indexes of the requests to run: not those whose key is answered, nor a key's repeat within the batch. */
  private runnable(requests: readonly DeskPurchase[], now: Date): number[] {
    const seen = new Set<string>();
    return requests.flatMap(({ ticket }, index) => {
      if (!ticket) return [index];
      const slot = slotOf(ticket);
      if (this.answered.has(slot, now) || seen.has(slot)) return [];
      seen.add(slot);
      return [index];
    });
  }
}

