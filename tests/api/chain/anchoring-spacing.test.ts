import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChainAnchoring, type ChainAnchoring } from '@/server/anchoring/chain-anchoring';
import type { JournalStore } from '@/server/chain/journal-store';
import type { ServerChain } from '@/server/chain/start-chain';
import { rowsOf } from '@/server/db/sql-values';
import type { StatementRunner } from '@/server/db/statement-runner';
import { MarketEvents } from '@/server/services/market-events';
import { createTestApp, type TestApp } from '@tests/support/test-app';

// When anchoring passes run: each pass costs the main thread a fixed few database reads, so under load they are
// spaced (CHAIN_ANCHOR_SPACING_MS), also when a pass finds nothing and its pump ends; a lone change still gets its
// pass at once, and a request waiting for its token ends a spacing.
const dialect = new PgDialect();
const SPACING_MS = 60_000; // longer than the test: a spaced pass never comes

/** The pass's reads answered as "nothing pending", each pass counted; the chain and journal are never reached. */
function countingStatements() {
  const passes = { count: 0 };
  const statements: StatementRunner = async (_executor, query: SQL) => {
    const text = dialect.sqlToQuery(query).sql;
    if (text.includes('with recursive pending')) {
      passes.count++;
      return { rows: [{ holdings: '[]', projects: '[]' }] };
    }
    if (text.includes('with waiting as materialized')) return { rows: [] };
    throw new Error(`unexpected statement: ${text.slice(0, 60)}`);
  };
  return { passes, statements };
}

describe('anchoring passes under load', () => {
  let t: TestApp;
  let anchoring: ChainAnchoring;
  let events: MarketEvents;
  let passes: { count: number };

  beforeEach(async () => {
    t = await createTestApp();
    const counting = countingStatements();
    passes = counting.passes;
    events = new MarketEvents();
    anchoring = createChainAnchoring({
      db: t.deps.db, statements: counting.statements, events, passSpacingMs: SPACING_MS, sweepIntervalMs: 3_600_000,
      chain: {} as ServerChain, journal: { source: 'embedded' } as JournalStore,
    });
    await anchoring.start();
    await vi.waitFor(() => expect(passes.count).toBe(1));
    await vi.waitFor(() => expect(anchoring.status().state).toBe('idle'));
  });

  afterEach(async () => {
    vi.useRealTimers();
    await anchoring.stop();
    await t.close();
  });

  const change = () => events.publish({ type: 'project', projectId: 1 });

  it('a change after a quiet spell gets its pass at once', async () => {
    // The clock alone moves past the spacing (timers stay real): a pass that waited for the spacing would never come.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SPACING_MS + 1 });
    change();
    await vi.waitFor(() => expect(passes.count).toBe(2));
  });

  it('a burst of commits after a pass that found nothing waits for the spacing instead of a pass per commit', async () => {
    for (let i = 0; i < 40; i++) {
      change();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(passes.count).toBe(1);
  });

  it('a request waiting for its token ends the spacing', async () => {
    for (let i = 0; i < 10; i++) change();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = passes.count;
    expect(before).toBe(1);
    const [{ id: holdingId }] = rowsOf<{ id: number }>(await t.deps.db.execute(sql`select min(id)::int as id from holdings where token_id is null`));
    await anchoring.waitFor({ holdingId }, 200);
    expect(passes.count).toBeGreaterThan(before);
  });
});
