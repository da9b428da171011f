import type { Database, Transaction } from '../../db/client';
import { runTransaction } from '../../db/run-transaction';
import { NotFoundError } from '../../../domain/errors';
import type { BookCache } from '../../../domain/trading/book-cache';
import { runCachedBatch, type CommandOutcome, type TradingCommand } from '../../../domain/trading/run-trading-batch';
import type { LedgerChanges, LedgerOrder, LedgerTrade } from '../../../domain/trading/ledger-rows';
import type { Order, Trade } from '../../../shared/schemas/trading';
import type { Settled } from '../batching-queue';
import { idempotentBatchIn } from '../idempotency/idempotent-writes';
import type { IdempotencyTicket } from '../idempotency/idempotency-ticket';
import { readBatchState } from './load-trading-state';
import { lockBook, type BookLock } from './project-lock';
import { plainStatements, type StatementRunner } from '../../db/statement-runner';
import { orderFromLedger, tradeToApi } from './to-api';
import { writeTradingChanges, type WrittenIds } from './write-trading-changes';

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
 * by the project lock: lock (which also bumps the book's version and reserves the order ids), one read of what the
 * batch needs beyond `cache` (see runOnBook), the pure batch run, one write (run again whole if PostgreSQL picks it as
 * a deadlock victim), then the keyed commands' answers. A refused command changes nothing; the others commit
 * together. An unknown project refuses every command with 404. The cache is changed in place and is only kept when
 * the transaction commits: any failure resets it, so the next batch reads the book again.
 */
export async function runBatch(
  db: Database, cache: BookCache, projectId: number, commands: readonly DeskCommand[], now: Date, statements: StatementRunner = plainStatements,
): Promise<BatchResult> {
  let settle = () => {};
  let attempts = 0;
  try {
    const result = await runTransaction(db, async (tx) => {
      // A transaction run again (a deadlock victim) starts from a cache its first run may have changed.
      if (attempts++ > 0) cache.reset();
      let touchedUserIds: number[] = [];
      const outcomes = await idempotentBatchIn<PlacedOrder, DeskCommand>(tx, commands, now, async (runnable) => {
        const placing = runnable.filter((command) => command.kind !== 'cancel').length;
        const lock = await lockBook(tx, projectId, placing, statements);
        if (!lock) {
          const error = new NotFoundError(`Project ${projectId} not found`);
          return runnable.map(() => ({ ok: false as const, error }));
        }
        const run = await runOnBook(tx, cache, projectId, lock, runnable, now, statements);
        touchedUserIds = run.changes.touchedUserIds;
        settle = () => cache.settle(run.changes, run.written.lotIds, lock.version);
        return run.outcomes.map((outcome) => placedOrder(outcome, run, projectId, now));
      }, statements);
      return { outcomes, touchedUserIds };
    });
    settle();
    return result;
  } catch (error) {
    cache.reset();
    throw error;
  }
}

export interface BookRun {
  outcomes: CommandOutcome[];
  changes: LedgerChanges;
  written: WrittenIds;
  projectName: string;
  orderOf: (id: number) => LedgerOrder;
}

/**
 * The batch itself, inside the caller's transaction and after its lockBook: starts `cache` again from nothing when
 * the book's version moved by more than this bump (another writer changed the book since the cache last saw it),
 * reads the buyers' cash, the sellers' oldest lots and what the cache lacks in one statement, runs the commands on
 * the cache and writes the changes. The caller settles the cache once the transaction has committed.
 */
export async function runOnBook(
  tx: Transaction, cache: BookCache, projectId: number, lock: BookLock, commands: readonly TradingCommand[], now: Date,
  statements: StatementRunner = plainStatements,
): Promise<BookRun> {
  if (cache.version === null || lock.version !== cache.version + 1) cache.reset();
  const bookRead = cache.readFor(commands);
  const state = await readBatchState(tx, projectId, commands, bookRead, statements);
  cache.absorb(bookRead, state.book);
  const { outcomes, ledger } = runCachedBatch(cache, { nowMs: now.getTime(), users: state.users, lots: state.lots, newOrderIds: lock.newOrderIds }, commands);
  const changes = ledger.changes();
  const written = await writeTradingChanges(tx, projectId, changes, now, statements);
  return { outcomes, changes, written, projectName: lock.projectName, orderOf: (id) => ledger.order(id)! };
}

function placedOrder(outcome: CommandOutcome, run: BookRun, projectId: number, now: Date): Settled<PlacedOrder> {
  if (!outcome.ok) return outcome;
  const project = { id: projectId, name: run.projectName };
  const order = outcome.orderId === null ? null : orderFromLedger(run.orderOf(outcome.orderId), project, now);
  const trades = outcome.tradeKeys.map((key) => {
    const trade = run.changes.trades[key];
    return tradeToApi({ ...trade, id: run.written.tradeIds.get(key)!, projectId, createdAt: now });
  });
  return { ok: true, value: { order, trades } };
}
