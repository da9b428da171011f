import type { Database, Transaction } from '@/server/db/client';
import { NotFoundError } from '@/domain/errors';
import { BookCache } from '@/domain/trading/book-cache';
import { TraderCache } from '@/domain/trading/trader-cache';
import { runCachedBatch, type CommandOutcome, type TradingCommand } from '@/domain/trading/run-trading-batch';
import type { LedgerChanges, LedgerOrder } from '@/domain/trading/ledger-rows';
import type { Order, Trade } from '@/shared/schemas/trading';
import type { Settled } from '@/server/services/batching-queue';
import { runStage, type BatchStage, type StageRun } from '@/server/services/batch-desk';
import type { IdempotencyTicket } from '@/server/services/idempotency/idempotency-ticket';
import { readBatchState } from './read-batch-state';
import { lockBook, type BookLock } from './project-lock';
import { plainStatements, type StatementRunner } from '@/server/db/statement-runner';
import { orderFromLedger, tradeToApi } from './to-api';
import { writeTradingChanges, type WrittenIds } from './write-trading-changes';
import { tradingAuditEntries, type AuditedCommand } from './trading-audit';
import { appendAuditEntries } from '@/server/db/append-audit-entries';

export interface PlacedOrder {
  /** Null for a market order that found nothing to trade with (nothing was stored). */
  order: Order | null;
  trades: Trade[];
}

/** A command as the desk queues it: keyed requests carry their idempotency ticket. */
export type DeskCommand = AuditedCommand & { ticket?: IdempotencyTicket<PlacedOrder> };

/** What the trading desk keeps of one project between its batches: the top of the book and the traders' side. */
export interface ProjectCache {
  book: BookCache;
  traders: TraderCache;
}

/** A cache that starts from nothing; `cash` is the desk's (shared by all its projects) or a fresh map. */
export function newProjectCache(cash: Map<number, bigint> = new Map()): ProjectCache {
  return { book: new BookCache(), traders: new TraderCache(cash) };
}

function resetCache(cache: ProjectCache, userIds: Iterable<number>): void {
  cache.book.reset();
  cache.traders.reset();
  cache.traders.forget(userIds);
}

export interface BatchResult {
  outcomes: Settled<PlacedOrder>[];
  /** Accounts whose orders, cash or credits changed. */
  touchedUserIds: number[];
}

/** What a batch of the order book did, for the desk to announce after the commit. */
export interface TradingRun extends StageRun<PlacedOrder> {
  touchedUserIds: number[];
}

/**
 * The order book's stage of the batching pipeline (BatchDesk): places, matches, settles and cancels a batch of one
 * project's commands in ONE transaction, serialised per project by the project lock: lock (which also bumps the
 * project's versions and reserves the order ids), a read of what the batch needs beyond the project's cache (see
 * runOnBook; none when the cache holds it all), the pure batch run, one write. The whole transaction runs again if
 * PostgreSQL picks it as a deadlock victim, or if a balance the batch took from the cache had moved (the write checks
 * them). A refused command changes nothing; the others commit together. An unknown project refuses every command
 * with 404. The cache is changed in place and is only kept when the transaction commits: any failure resets it, so
 * the next batch reads what it needs again.
 */
export function tradingStage(
  cacheOf: (projectId: number) => ProjectCache, statements: StatementRunner = plainStatements,
): BatchStage<number, AuditedCommand, PlacedOrder, TradingRun> {
  const userIdsOf = (commands: readonly TradingCommand[]) => commands.map((command) => command.userId);
  return {
    async run(tx, projectId, commands, now, rerun) {
      const cache = cacheOf(projectId);
      // A transaction run again starts from a cache its first run may have changed, and reads its traders afresh.
      if (rerun) resetCache(cache, userIdsOf(commands));
      const placing = commands.filter((command) => command.kind !== 'cancel' && command.kind !== 'triggers').length;
      // Each stop placed now, and each stop already waiting, may trigger in this batch and then needs a sequence of its own.
      const stops = commands.filter((command) => command.kind === 'limit' && command.stopPriceCents != null).length;
      const lock = await lockBook(tx, projectId, placing, statements, { stopSequences: stops });
      if (!lock) {
        const error = new NotFoundError(`Project ${projectId} not found`);
        return { outcomes: commands.map(() => ({ ok: false as const, error })), touchedUserIds: [] };
      }
      const run = await runOnBook(tx, cache, projectId, lock, commands, now, statements, rerun);
      const outcomes = run.outcomes.map((outcome) => placedOrder(outcome, run, projectId, now));
      // Last in the transaction: the audit head stays locked until the commit (append-audit-entries.ts).
      await appendAuditEntries(tx, tradingAuditEntries(projectId, commands, outcomes, run.changes.updatedOrders, now.getTime()), now, statements);
      return {
        outcomes,
        touchedUserIds: run.changes.touchedUserIds,
        committed: run.settle,
      };
    },
    failed(projectId, commands) {
      resetCache(cacheOf(projectId), userIdsOf(commands));
    },
  };
}

/** One batch of `commands` on `cache` as its own transaction, outside any desk (keyed answers are stored with it). */
export async function runBatch(
  db: Database, cache: ProjectCache, projectId: number, commands: readonly DeskCommand[], now: Date, statements: StatementRunner = plainStatements,
): Promise<BatchResult> {
  const run = await runStage(db, tradingStage(() => cache, statements), projectId, commands, now, statements);
  return { outcomes: run.outcomes, touchedUserIds: run.touchedUserIds };
}

export interface BookRun {
  outcomes: CommandOutcome[];
  changes: LedgerChanges;
  written: WrittenIds;
  projectName: string;
  orderOf: (id: number) => LedgerOrder;
  /** Keeps what the batch left in the cache: call once the transaction has committed. */
  settle: () => void;
}

/**
 * The batch itself, inside the caller's transaction and after its lockBook. Each part of `cache` starts again from
 * nothing when its version moved by more than this bump (another writer changed the book, or the project's lots,
 * since the cache last saw them). Then ONE statement reads what the caches lack: the book beyond their cursors, the
 * cash of buyers the cache cannot vouch for, the lots of sellers it does not hold enough of (nothing at all in the
 * steady state). The commands run on the cache, and the write checks every balance the batch decided on.
 */
export async function runOnBook(
  tx: Transaction, cache: ProjectCache, projectId: number, lock: BookLock, commands: readonly TradingCommand[], now: Date,
  statements: StatementRunner = plainStatements, rerun = false,
): Promise<BookRun> {
  const { book, traders } = cache;
  if (book.version !== null && lock.bookVersion !== book.version + 1) book.reset(true);
  if (traders.version === null || lock.lotsVersion !== traders.version + 1) traders.reset();
  // Due GTD orders in the cache are cancelled first, so that none fills at or after its end.
  const due = book.dueCancels(now.getTime());
  const allCommands = due.length === 0 ? commands : [...due, ...commands];
  // A cache that starts again also learns the project's waiting stops and last trade price, in the same read.
  const loadsStops = !book.stopsLoaded;
  const read = book.readFor(allCommands, now.getTime());
  const bookRead = loadsStops ? { ...read, stops: true } : read;
  const traderRead = traders.readFor(allCommands, rerun);
  const state = await readBatchState(tx, projectId, { book: bookRead, traders: traderRead }, statements);
  book.absorb(bookRead, state.book);
  if (loadsStops && book.pendingStops.size > 0) {
    // The read must also cover what the waiting stops reach once triggered, which it could not know before.
    const more = book.readFor(allCommands, now.getTime());
    if (more.sides.length > 0 || more.orderIds.length > 0) {
      book.absorb(more, (await readBatchState(tx, projectId, { book: more, traders: { cashOf: [], lotsOf: [], cash: new Map() } }, statements)).book);
    }
  }
  traders.absorb(traderRead, state);
  const inputs = traders.inputsFor(allCommands, traderRead);
  const run = runCachedBatch(book, { nowMs: now.getTime(), ...inputs, newOrderIds: lock.newOrderIds, spareSequences: lock.spareSequences }, allCommands);
  const { ledger } = run;
  const outcomes = run.outcomes.slice(due.length);
  const changes = ledger.changes();
  const expectedCash = new Map(inputs.users.map((user) => [user.id, user.cashCents]));
  const written = await writeTradingChanges(tx, projectId, changes, expectedCash, now, statements);
  return {
    outcomes, changes, written, projectName: lock.projectName, orderOf: (id) => ledger.order(id)!,
    settle: () => {
      book.settle(changes, written.lotIds, lock.bookVersion);
      traders.settle({
        balances: new Map(inputs.users.map((user) => [user.id, ledger.cashOf(user.id)])), cashDeltas: changes.cashDeltas,
        touchedUserIds: changes.touchedUserIds, activeLotsOf: (userId) => ledger.activeLotsOf(userId),
      }, lock.lotsVersion);
    },
  };
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
