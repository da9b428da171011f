import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { StatementRunner } from '@/server/db/statement-runner';
import { newProjectCache, runBatch, type DeskCommand } from '@/server/services/trading/run-batch';
import type { Project } from '@/shared/schemas/project';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { newTrader, type Trader } from './trading-kit';
import { countingRowsRead } from '@tests/support/rows-read';

let t: TestApp;
let project: Project;
let traders: Trader[];
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  project = await findProject(t.app, 'Ohio Landfill Gas Capture');
  traders = [];
  for (let i = 0; i < 10; i++) traders.push(await newTrader(t.app, project, 100, `Shape${i}`));
});
afterAll(async () => { await t?.close(); });

/** The runner the app uses on this database, counting the statements a batch sends (BEGIN and COMMIT aside). */
function countingRunner(): { runner: StatementRunner; count: () => number } {
  const inner = t.deps.statements;
  let sent = 0;
  const runner = (executor: Executor, query: SQL) => { sent += 1; return inner(executor, query); };
  return { runner, count: () => sent };
}

/** `size` 1 t limit orders, sells and buys alternating by trader, all at the same price, so every buy crosses a sell. */
function crossingCommands(size: number): DeskCommand[] {
  return Array.from({ length: size }, (_, index) => ({
    kind: 'limit' as const, userId: traders[index % traders.length].id, side: index % 2 === 0 ? 'sell' as const : 'buy' as const,
    priceCents: 1000n, quantity: 1,
  }));
}

/** The desk's cache of the project's book, kept across the batches of this file as the desk keeps it. */
const cache = newProjectCache();

async function statementsFor(commands: DeskCommand[], on = cache): Promise<{ statements: number; trades: number }> {
  const { runner, count } = countingRunner();
  const { outcomes } = await runBatch(t.deps.db, on, project.id, commands, new Date(), runner);
  expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
  const trades = outcomes.reduce((sum, outcome) => sum + (outcome.ok ? outcome.value.trades.length : 0), 0);
  return { statements: count(), trades };
}

describe('the shape of an order batch', () => {
  it('reads once what a cold cache lacks, in one statement', async () => {
    // Project lock (with the versions and the new orders' ids), one read of the book, the buyers' cash and the
    // sellers' lots, one write of every row with the order.filled outbox rows.
    const cold = await statementsFor(crossingCommands(100), newProjectCache());
    expect(cold.trades).toBe(50);
    expect(cold.statements).toBe(3);
  });

  it('sends the same two statements for 2 crossing orders as for 100 once the cache holds the book and the traders', async () => {
    await statementsFor(crossingCommands(10));
    const small = await statementsFor(crossingCommands(2));
    const large = await statementsFor(crossingCommands(100));
    expect(small.trades).toBe(1);
    expect(large.trades).toBe(50);
    // The project lock and the write: nothing is read.
    expect(small.statements).toBe(2);
    expect(large.statements).toBe(small.statements);
    await assertLedgerInvariants(t.deps.db);
  });

  it('sends no more statements for 50 resting orders than for 1', async () => {
    const rest = (size: number) => crossingCommands(size).map((command, index) => ({ ...command, side: 'buy' as const, priceCents: 500n + BigInt(index) }));
    // Every trader has bought once, so the cache knows their cash.
    await statementsFor(rest(10));
    const one = await statementsFor(rest(1));
    const fifty = await statementsFor(rest(50));
    expect(fifty.trades).toBe(0);
    expect(fifty.statements).toBe(one.statements);
    expect(one.statements).toBeLessThanOrEqual(2);
  });

  // The embedded database plans without statistics, from the query's shape alone; PostgreSQL has statistics and rightly
  // scans a table this small whole, so the plan is pinned where it is decided by how the query is written.
  it.runIf(!process.env.TEST_DATABASE_URL)('locks no more lots for two crossing orders after 300 trades have split the sellers\' lots than before', async () => {
    const readOf = async () => {
      const { runner, counts } = countingRowsRead(t.deps.statements, { table: 'holdings', part: 'CTE active_lots', reads: (text) => text.includes('oldest_active') });
      const commands = crossingCommands(2).map((command) => ({ ...command, priceCents: 700n }));
      // A cold cache, so that the sellers' lots are read.
      const { outcomes } = await runBatch(t.deps.db, newProjectCache(), project.id, commands, new Date(), runner);
      expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
      expect(counts).toHaveLength(1);
      return counts[0];
    };
    const before = await readOf();
    // Each trade leaves the buyer a new 1 t lot: 300 more active lots among the same ten traders.
    for (let round = 0; round < 6; round++) await statementsFor(crossingCommands(100));
    const after = await readOf();
    // The seller's oldest lot, found by its id: not a walk through every active lot of the project.
    expect(before).toBe(1);
    expect(after).toBe(1);
    await assertLedgerInvariants(t.deps.db);
  });
});
