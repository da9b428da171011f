import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { holdingTokensUpdate, pendingCertificatesQuery, pendingHoldingsQuery } from '@/server/anchoring/anchoring-queries';
import { buyCredits, listProjects, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { explainAnalyze, rowsReadBy, type PlanNode } from '@tests/support/rows-read';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(() => t?.close());

// The embedded database plans without statistics, from the query's shape alone; PostgreSQL has statistics and rightly
// scans a table this small whole, so the plan is pinned where it is decided by how the query is written.
describe.runIf(!process.env.TEST_DATABASE_URL)('the anchoring worker\'s read of pending holdings', () => {
  it('walks the split trees of the pending lots only, not every holding ever written', async () => {
    const [project] = await listProjects(t.app);
    const { cookie } = await signUp(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 150; i++) ids.push((await buyCredits(t.app, cookie, project, 1)).credit.id);
    // All but two anchored already (as if the chain had minted them): the worker's pass has two trees to walk.
    const pending = ids.slice(-2);
    await t.deps.db.execute(sql`update holdings set token_id = id + 1000000 where token_id is null and not (id = any(${`{${pending.join(',')}}`}::int[]))`);
    const walked = await rowsReadBy(t.deps.db, pendingHoldingsQuery(1000), { table: 'holdings', part: 'CTE tree' });
    // Each pending lot, then a look for its children (none) by holdings_parent_idx.
    expect(walked).toBeLessThanOrEqual(pending.length * 2);
  });

  it('meets each pending lot\'s sum once, not every sum for every lot, once holdings number in the tens of thousands', async () => {
    const [project] = await listProjects(t.app);
    const { user } = await signUp(t.app);
    // History as the chain left it (every lot anchored), written directly: the planner's choice depends on the table's
    // size, and below ~30,000 holdings it chose a hash join even for the old query.
    await t.deps.db.execute(sql`insert into holdings (user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, token_id)
      select ${user.id}, ${project.id}, 1, g, g, 100, 5000000 + g from generate_series(1, 40000) g`);
    const pendingCount = 300;
    await t.deps.db.execute(sql`update holdings set token_id = null where id in (select id from holdings order by id desc limit ${pendingCount})`);
    const plan = await explainAnalyze(t.deps.db, pendingHoldingsQuery(1000));
    // The old query joined the pending lots to their sums by a nested loop: 300 × 299 / 2 = 44,850 rows compared and dropped.
    expect(rowsDroppedByJoins(plan)).toBeLessThanOrEqual(pendingCount);
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('the anchoring worker\'s read of pending holdings, long after the first', () => {
  it('reads only the pending end of the index of lots without a token, not an entry for every token ever saved', async () => {
    const [project] = await listProjects(t.app);
    const { user } = await signUp(t.app);
    // Lots bought and then anchored, as the worker does it: the embedded database never vacuums, so each token's
    // update leaves a dead entry in holdings_unanchored_idx.
    const inserted = await t.deps.db.execute(sql`insert into holdings (user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents)
      select ${user.id}, ${project.id}, 1, g, g, 100 from generate_series(1, 20000) g returning id`);
    const ids = (inserted as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    const pendingCount = 5;
    await t.deps.db.execute(sql`update holdings set token_id = id + 9000000 where token_id is null and id < ${ids[ids.length - pendingCount]}`);
    await t.deps.db.execute(pendingHoldingsQuery(1000));
    const plan = await explainAnalyze(t.deps.db, pendingHoldingsQuery(1000));
    // The old read's bitmap scan returned all 20,000 entries (and visited their rows) on every pass.
    expect(entriesReadFrom(plan, 'holdings_unanchored_idx')).toBeLessThanOrEqual(pendingCount + 5);
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('the anchoring worker\'s read of pending retirements, long after the first', () => {
  it('reads only the pending end of the index of certificates without a transaction', async () => {
    const [project] = await listProjects(t.app);
    const { user } = await signUp(t.app);
    // Retired lots whose certificates the chain anchored, one update each as the worker saves them: dead entries.
    await t.deps.db.execute(sql`insert into holdings (id, user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, status, token_id)
      select 8000000 + g, ${user.id}, ${project.id}, 1, g, g, 100, 'retired', 8000000 + g from generate_series(1, 5000) g`);
    await t.deps.db.execute(sql`insert into certificates (id, user_id, holding_id, project_id, beneficiary, reason, quantity, serial_start, serial_end, retired_at)
      select 'plan-' || g, ${user.id}, 8000000 + g, ${project.id}, 'B', 'R', 1, g, g, now() from generate_series(1, 5000) g`);
    const pendingCount = 3;
    await t.deps.db.execute(sql`update certificates set chain_tx_hash = '0x' || id where holding_id < ${8000000 + 5000 - pendingCount + 1} and id like 'plan-%'`);
    await t.deps.db.execute(pendingCertificatesQuery(1000));
    const plan = await explainAnalyze(t.deps.db, pendingCertificatesQuery(1000));
    // The old read's scan returned all 5,000 entries on every pass.
    expect(entriesReadFrom(plan, 'certificates_unanchored_idx')).toBeLessThanOrEqual(pendingCount + 5);
  });
});

/** Entries the plan's scans of `index` returned. */
function entriesReadFrom(node: PlanNode, index: string): number {
  const own = node['Index Name'] === index ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + entriesReadFrom(child, index), 0);
}

describe.runIf(!process.env.TEST_DATABASE_URL)('the anchoring worker\'s save of a batch\'s tokens', () => {
  it('finds each lot\'s token without a join, even under a plan prepared before the ids were known', async () => {
    const [project] = await listProjects(t.app);
    const { user } = await signUp(t.app);
    const inserted = await t.deps.db.execute(sql`insert into holdings (user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents)
      select ${user.id}, ${project.id}, 1, g, g, 100 from generate_series(1, 200) g returning id`);
    const ids = (inserted as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    const { sql: text, params } = new PgDialect().sqlToQuery(holdingTokensUpdate(ids.map((holdingId) => ({ holdingId, tokenId: 7000000 + holdingId }))));
    // The runner on the embedded database prepares it once and PostgreSQL soon keeps a generic plan, which guesses
    // ten rows for an array it cannot see: as a join, that put the 200 ids on the inner side of a nested loop.
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare save_tokens_plan as ${text}`));
      const plan = await explainAnalyze(tx, sql.raw(`execute save_tokens_plan(${params.map((value) => `'${String(value)}'`).join(', ')})`));
      await tx.execute(sql`deallocate save_tokens_plan`);
      expect(rowsDroppedByJoins(plan)).toBe(0);
    });
    const saved = await t.deps.db.execute(sql`select count(*)::int as n from holdings where id = any(${`{${ids.join(',')}}`}::int[]) and token_id = 7000000 + id`);
    expect((saved as unknown as { rows: { n: number }[] }).rows[0].n).toBe(200);
  });
});

/** Rows a plan's joins compared and dropped, summed over the whole plan. */
function rowsDroppedByJoins(node: PlanNode): number {
  const own = (node['Rows Removed by Join Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsDroppedByJoins(child), 0);
}
