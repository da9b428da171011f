import type { Database, Transaction } from '@/server/db/client';
import { runTransaction } from '@/server/db/run-transaction';
import { plainStatements, type StatementRunner } from '@/server/db/statement-runner';
import { BatchingQueue, type Settled } from './batching-queue';
import { AnsweredKeys } from './idempotency/answered-keys';
import type { IdempotencyTicket } from './idempotency/idempotency-ticket';
import { answersInsert, IDEMPOTENCY_TTL_MS, isAnswerKeyTaken, outcomesOf, slotOf, takenKeys, type KeyedAnswer } from './idempotency/idempotent-writes';

/** A command of a batched write: keyed requests carry their idempotency ticket. */
export type Keyed<C, R> = C & { ticket?: IdempotencyTicket<R> };

/** What a stage's work in the transaction gives back. */
export interface StageRun<R> {
  /** One outcome per command, in order: a refused command changed nothing. */
  outcomes: Settled<R>[];
  /** True when the stage's own write stored the keyed answers (`answersOf`), folded into its one statement. */
  answersStored?: boolean;
  /** Runs once the transaction has committed (caches keep what the batch decided). */
  committed?: () => void;
  /** The desk's last step, after the commit and the keys: market events for live views and caches. */
  publish?: () => void;
}

/**
 * One kind of batched write (purchases, orders, swaps…): what it does inside the batch's transaction — lock and read,
 * the pure decision in `domain/`, one set-based write — and what it announces after the commit.
 */
export interface BatchStage<K, C, R, S extends StageRun<R> = StageRun<R>> {
  /** `rerun` is true when PostgreSQL aborted the previous run of this same batch (a deadlock victim). */
  run(tx: Transaction, key: K, commands: readonly Keyed<C, R>[], now: Date, rerun: boolean): Promise<S>;
  /** The transaction failed: whatever the stage kept in memory for these commands is no longer known to be true. */
  failed?(key: K, commands: readonly Keyed<C, R>[]): void;
}

/** A batch whose keys keep turning out answered elsewhere is retried this often before it fails. */
const MAX_KEY_RETRIES = 3;

/** The answers to store for the accepted keyed commands of a batch. */
export function answersOf<C, R>(commands: readonly Keyed<C, R>[], outcomes: readonly Settled<R>[]): KeyedAnswer[] {
  return commands.flatMap(({ ticket }, index) => {
    const outcome = outcomes[index];
    const answer = ticket && outcome.ok ? ticket.answer(outcome.value) : null;
    return ticket && answer ? [{ ticket, answer }] : [];
  });
}

/**
 * The one pipeline of every batched write: commands that arrive while their key's previous batch runs queue up
 * (BatchingQueue) and run together as ONE transaction, in arrival order — on the embedded database a transaction per
 * request caps throughput at a few hundred a second, while a batch costs the same few statements for 1 request or
 * 100. Idempotency has one strategy for all: a key this process knows is answered (or repeated within the batch) is
 * refused before any work, the answers of accepted keyed commands are written in the same transaction, and a key
 * answered elsewhere (another instance, before a restart) fails that insert, which rolls the batch back; the batch
 * then runs again without it. The stage decides; the desk runs the transaction, remembers answered keys and
 * publishes after the commit.
 */
export class BatchDesk<K, C, R> {
  private readonly queue: BatchingQueue<K, Keyed<C, R>, R>;
  private readonly answered = new AnsweredKeys();

  constructor(
    private readonly deps: { db: Database; clock: () => Date; statements?: StatementRunner },
    private readonly stage: BatchStage<K, C, R, StageRun<R>>,
    maxBatchSize = 100,
  ) {
    this.queue = new BatchingQueue((key, commands) => this.runBatch(key, commands), maxBatchSize);
  }

  submit(key: K, command: Keyed<C, R>): Promise<R> {
    return this.queue.submit(key, command);
  }

  private async runBatch(key: K, commands: readonly Keyed<C, R>[]): Promise<Settled<R>[]> {
    const { db, clock, statements = plainStatements } = this.deps;
    const now = clock();
    for (let attempt = 1; ; attempt++) {
      const runnable = this.runnable(commands, now);
      try {
        const run = runnable.length === 0 ? null : await runStage(db, this.stage, key, runnable.map((index) => commands[index]), now, statements);
        const ran = run?.outcomes ?? [];
        const outcomes = outcomesOf(commands.length, runnable, ran);
        this.answered.remember(runnable.flatMap((commandIndex, position) => {
          const { ticket } = commands[commandIndex];
          return ticket && ran[position].ok ? [slotOf(ticket)] : [];
        }), new Date(now.getTime() + IDEMPOTENCY_TTL_MS));
        run?.publish?.();
        return outcomes;
      } catch (error) {
        if (!isAnswerKeyTaken(error) || attempt >= MAX_KEY_RETRIES) throw error;
        // Which keys: those stored meanwhile (learnt, so the next attempt refuses them); an expired answer that was
        // still stored is deleted by this lookup, and the next attempt stores the key again.
        const tickets = runnable.flatMap((index) => commands[index].ticket ?? []);
        this.answered.learn(await takenKeys(db, tickets, now, statements), now);
      }
    }
  }

  /** Indexes of the commands to run: not those whose key is answered, nor a key's repeat within the batch. */
  private runnable(commands: readonly Keyed<C, R>[], now: Date): number[] {
    const seen = new Set<string>();
    return commands.flatMap(({ ticket }, index) => {
      if (!ticket) return [index];
      const slot = slotOf(ticket);
      if (this.answered.has(slot, now) || seen.has(slot)) return [];
      seen.add(slot);
      return [index];
    });
  }
}

/**
 * One batch of a stage as ONE transaction: the stage's work, then the keyed answers (unless the stage's write stored
 * them), then, after the commit, the stage's `committed`. The transaction runs again from the start if PostgreSQL
 * picks it as a deadlock victim; on any failure the stage forgets what it kept of these commands.
 */
export async function runStage<K, C, R, S extends StageRun<R>>(
  db: Database, stage: BatchStage<K, C, R, S>, key: K, commands: readonly Keyed<C, R>[], now: Date, statements: StatementRunner = plainStatements,
): Promise<S> {
  let runs = 0;
  try {
    const run = await runTransaction(db, async (tx) => {
      const result = await stage.run(tx, key, commands, now, runs++ > 0);
      const answers = result.answersStored ? [] : answersOf(commands, result.outcomes);
      if (answers.length > 0) await statements(tx, answersInsert(answers, now));
      return result;
    });
    run.committed?.();
    return run;
  } catch (error) {
    stage.failed?.(key, commands);
    throw error;
  }
}
