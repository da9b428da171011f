import type { Database } from '../../db/client';
import { runTransaction } from '../../db/run-transaction';
import { NotFoundError } from '../../../domain/errors';
import { runTradingBatch, type CommandOutcome, type TradingCommand } from '../../../domain/trading/run-trading-batch';
import type { LedgerOrder, LedgerTrade } from '../../../domain/trading/ledger-rows';
import type { Order, Trade } from '../../../shared/schemas/trading';
import type { Settled } from '../batching-queue';
import { idempotentBatchIn } from '../idempotency/idempotent-writes';
import type { IdempotencyTicket } from '../idempotency/idempotency-ticket';
import { loadTradingState } from './load-trading-state';
import { lockProject } from './project-lock';
import { plainStatements, type StatementRunner } from '../../db/statement-runner';
import { orderFromLedger, tradeToApi } from './to-api';
import { writeTradingChanges } from './write-trading-changes';

export interface StoredTrade extends LedgerTrade {
  id: number;
}

export interface PlacedOrder {
  /** Null for a market order that found nothing to trade with (nothing was stored). */
  order: Order | null;
  trades: Trade[];
}

/** A command as the desk queues it: keyed requests carry their idempotency ticket. */
export type DeskCommand = TradingCommand & { ticket?: IdempotencyTicket<PlacedOrder> };

export interface BatchResult {
  outcomes: Settled<PlacedOrder>[];
  /** Accounts whose orders, cash or credits changed. */
  touchedUserIds: number[];
}

/**
 * Places, matches, settles and cancels a batch of one project's commands in ONE transaction, serialised per project
 * by the advisory lock: lock, one read, the pure batch run, one write (run again whole if PostgreSQL picks it as a
 * deadlock victim), then the keyed commands' answers. A refused command changes nothing; the others commit together.
 * An unknown project refuses every command with 404.
 */
export async function runBatch(
  db: Database, projectId: number, commands: readonly DeskCommand[], now: Date, statements: StatementRunner = plainStatements,
): Promise<BatchResult> {
  return runTransaction(db, async (tx) => {
    let touchedUserIds: number[] = [];
    const outcomes = await idempotentBatchIn<PlacedOrder, DeskCommand>(tx, commands, now, async (runnable) => {
      await lockProject(tx, projectId, statements);
      const { project, state } = await loadTradingState(tx, projectId, runnable, now.getTime(), statements);
      if (!project) {
        const error = new NotFoundError(`Project ${projectId} not found`);
        return runnable.map(() => ({ ok: false as const, error }));
      }
      const { outcomes: ran, ledger } = runTradingBatch(state, runnable);
      const changes = ledger.changes();
      const { tradeIds } = await writeTradingChanges(tx, projectId, changes, now, statements);
      touchedUserIds = changes.touchedUserIds;
      const trades = new Map(changes.trades.map((trade) => [trade.key, { ...trade, id: tradeIds.get(trade.key)! }]));
      return ran.map((outcome) => placedOrder(outcome, (id) => ledger.order(id)!, trades, { id: project.id, name: project.name }, now));
    }, statements);
    return { outcomes, touchedUserIds };
  });
}

function placedOrder(
  outcome: CommandOutcome, orderOf: (id: number) => LedgerOrder, trades: Map<number, StoredTrade>, project: { id: number; name: string }, now: Date,
): Settled<PlacedOrder> {
  if (!outcome.ok) return outcome;
  const order = outcome.orderId === null ? null : orderFromLedger(orderOf(outcome.orderId), project, now);
  const placedTrades = outcome.tradeKeys.map((key) => tradeToApi({ ...trades.get(key)!, projectId: project.id, createdAt: now }));
  return { ok: true, value: { order, trades: placedTrades } };
}
