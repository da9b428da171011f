import type { Database } from '../../db/client';
import { runTransaction } from '../../db/run-transaction';
import { NotFoundError } from '../../../domain/errors';
import { runTradingBatch, type CommandOutcome, type TradingCommand } from '../../../domain/trading/run-trading-batch';
import type { LedgerOrder, LedgerTrade } from '../../../domain/trading/ledger-rows';
import { loadTradingState } from './load-trading-state';
import { lockProject } from './project-lock';
import { plainStatements, type StatementRunner } from '../../db/statement-runner';
import { writeTradingChanges } from './write-trading-changes';

export interface StoredTrade extends LedgerTrade {
  id: number;
}

export interface BatchResult {
  project: { id: number; name: string };
  outcomes: CommandOutcome[];
  /** Final state of every order an outcome names. */
  orders: Map<number, LedgerOrder>;
  /** Stored trades by their key in the batch. */
  trades: Map<number, StoredTrade>;
  touchedUserIds: number[];
  now: Date;
}

/**
 * Places, matches, settles and cancels a batch of one project's commands in ONE transaction, serialised per project
 * by the advisory lock: lock, one read, the pure batch run, one write (run again whole if PostgreSQL picks it as a
 * deadlock victim). A refused command changes nothing; the others commit together. An unknown project refuses every command with 404.
 */
export async function runBatch(
  db: Database, projectId: number, commands: readonly TradingCommand[], now: Date, statements: StatementRunner = plainStatements,
): Promise<BatchResult> {
  return runTransaction(db, async (tx) => {
    await lockProject(tx, projectId, statements);
    const { project, state } = await loadTradingState(tx, projectId, commands, now.getTime(), statements);
    if (!project) {
      const error = new NotFoundError(`Project ${projectId} not found`);
      return { project: { id: projectId, name: '' }, outcomes: commands.map(() => ({ ok: false as const, error })), orders: new Map(), trades: new Map(), touchedUserIds: [], now };
    }
    const { outcomes, ledger } = runTradingBatch(state, commands);
    const changes = ledger.changes();
    const { tradeIds } = await writeTradingChanges(tx, projectId, changes, now, statements);
    const orders = new Map<number, LedgerOrder>();
    for (const outcome of outcomes) {
      if (outcome.ok && outcome.orderId !== null) orders.set(outcome.orderId, ledger.order(outcome.orderId)!);
    }
    const trades = new Map(changes.trades.map((trade) => [trade.key, { ...trade, id: tradeIds.get(trade.key)! }]));
    return { project: { id: project.id, name: project.name }, outcomes, orders, trades, touchedUserIds: changes.touchedUserIds, now };
  });
}
