import type { Database, Transaction } from '@/server/db/client';
import { NotFoundError } from '@/domain/errors';
import type { MarketEvents } from '@/server/services/market-events';
import type { SwapResult } from './execute-swap';
import type { Settled } from '@/server/services/batching-queue';
import { BatchDesk } from '@/server/services/batch-desk';
import { loadSwapBatch } from './load-swap-batch';
import { lockProject } from '@/server/services/trading/project-lock';
import { SwapBatchLedger, type SwapCommand } from '@/domain/amm/swap-batch-ledger';
import { writeSwapBatch } from './write-swap-batch';
import type { IdempotencyTicket } from '@/server/services/idempotency/idempotency-ticket';
import type { StatementRunner } from '@/server/db/statement-runner';
import type { AuditActor, AuditEntryInput } from '@/domain/audit/audit-chain';
import { appendAuditEntries } from '@/server/db/append-audit-entries';

/** A swap as the desk queues it: keyed requests carry their idempotency ticket, and who sent it for the audit log. */
export type DeskSwap = SwapCommand & { ticket?: IdempotencyTicket<SwapResult>; actor?: AuditActor };

/**
 * Entry point of swaps: a configuration of the one batching pipeline (BatchDesk), keyed by project. Swaps of one pool
 * that arrive while its previous batch is running run together in ONE transaction under the project's trading lock
 * (lock, one read, the pure `SwapBatchLedger`, one write), in arrival order. Each swap is still all-or-nothing: its
 * checks run against the pool and balances as the swaps before it left them, and a refused swap changes nothing.
 */
export class SwapDesk {
  private readonly desk: BatchDesk<number, SwapCommand, SwapResult>;

  constructor(
    private readonly deps: { db: Database; clock: () => Date; events: MarketEvents; statements?: StatementRunner },
    maxBatchSize = 100,
  ) {
    this.desk = new BatchDesk(deps, {
      run: async (tx, projectId, commands, now) => {
        const outcomes = await this.execute(tx, projectId, commands, now);
        // After the commit, so that caches and live views read the new pool.
        const publish = outcomes.some((outcome) => outcome.ok) ? () => deps.events.publish({ type: 'project', projectId }) : undefined;
        return { outcomes, publish };
      },
    }, maxBatchSize);
  }

  swap(projectId: number, command: DeskSwap): Promise<SwapResult> {
    return this.desk.submit(projectId, command);
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
    // One append for the whole batch (two statements), last in its transaction like the order book's.
    const audited = outcomes.flatMap((outcome, index): AuditEntryInput[] => {
      const { actor } = commands[index] as DeskSwap;
      if (!actor || !outcome.ok) return [];
      const { fill } = outcome;
      return [{
        actor, action: 'pool.swapped', targetType: 'trade', targetId: String(tradeIds.get(fill.key)),
        after: { projectId, poolId: pool.id, side: fill.command.side, quantity: fill.command.quantity, priceCents: fill.priceCents.toString(), totalCents: fill.quote.cashCents.toString() },
      }];
    });
    await appendAuditEntries(tx, audited, now, statements);
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
