import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '@/server/db/client';
import { transactionsPageQuery } from '@/server/services/activity-queries';
import { creditsPageQuery, projectTonnesQuery } from '@/server/services/portfolio-queries';
import { listProjects, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { rowsReadBy } from '@tests/support/rows-read';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(() => t?.close());

const LOTS = 12_000;
const TRANSACTIONS = 6_000;

/** A market maker's history: thousands of lots over four projects and three statuses, thousands of transactions. */
async function traderWithHistory() {
  const projects = await listProjects(t.app);
  const trader = await signUp(t.app);
  const projectIds = `{${projects.slice(0, 4).map((project) => project.id).join(',')}}`;
  // Lot g: project g % 4, status by g % 5 (0 retired, 1 escrowed, else active), a purchase date and retirement of its own.
  await t.deps.db.execute(sql`insert into holdings (user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, status, purchase_date, retired_at)
    select ${trader.user.id}::int, (${projectIds}::int[])[1 + g % 4], 1, g, g, 100, case g % 5 when 0 then 'retired' when 1 then 'escrowed' else 'active' end,
      now() - g * interval '1 minute', case when g % 5 = 0 then now() - g * interval '1 second' end
    from generate_series(1, ${LOTS}::int) g`);
  await t.deps.db.execute(sql`insert into transactions (user_id, type, project_id, quantity, total_cents, created_at)
    select ${trader.user.id}::int, 'purchase', (${projectIds}::int[])[1], 1, 100, now() - g * interval '1 minute' from generate_series(1, ${TRANSACTIONS}::int) g`);
  await t.deps.db.execute(sql`vacuum analyze holdings`);
  await t.deps.db.execute(sql`vacuum analyze transactions`);
  return { userId: trader.user.id, projectId: projects[0].id };
}

/**
 * Runs a read marked withGenericPlan as the embedded database does (PREPAREd, then EXECUTEd with its generic plan), on
 * one connection, under EXPLAIN ANALYZE: the rows of `table` it looked at.
 */
async function rowsReadWithGenericPlan(query: { toSQL(): { sql: string; params: unknown[] } }, values: Record<string, number>, table: string): Promise<number> {
  const { sql: text, params } = query.toSQL();
  const literals = params.map((param) => `'${String(param instanceof Placeholder ? values[param.name] : param).replaceAll("'", "''")}'`);
  return t.deps.db.transaction(async (tx: Executor) => {
    await tx.execute(sql.raw(`prepare generic_read as ${text}`));
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    const rows = await rowsReadBy(tx, sql.raw(`execute generic_read(${literals.join(', ')})`) as SQL, { table });
    await tx.execute(sql`deallocate generic_read`);
    return rows;
  });
}

// PostgreSQL plans a read with a LIMIT parameter afresh on every execution, so these reads are executed with their
// generic plan (generic-plan-reads.ts). That plan must walk the user's own index in order, however long the history:
// a plan that reads every lot and sorts them would look the same in every other test.
describe('the reads executed with their generic plan, over a long history', () => {
  let history: { userId: number; projectId: number };
  beforeAll(async () => { history = await traderWithHistory(); });

  it('read a Portfolio page\'s lots and about as many more, in every view', async () => {
    for (const view of ['all', 'held', 'active', 'retired'] as const) {
      for (const [limit, offset] of [[50, 0], [50, 100], [3, 0]]) {
        const rows = await rowsReadWithGenericPlan(creditsPageQuery(t.deps.db, view), { userId: history.userId, limit, offset }, 'holdings');
        expect(rows, `${view} ${limit}/${offset}`).toBeLessThanOrEqual(2 * (limit + offset) + 10);
      }
    }
  });

  it('sum one project\'s tonnes from that project\'s held lots alone', async () => {
    const rows = await rowsReadWithGenericPlan(projectTonnesQuery(t.deps.db), history, 'holdings');
    // A quarter of the lots are the project's, and four in five of those are held.
    expect(rows).toBeLessThanOrEqual(LOTS / 4 * 0.8 + 10);
  });

  it('read the newest transactions, or an Activity page\'s, and about as many more', async () => {
    for (const [limit, offset] of [[3, 0], [20, 0], [20, 100]]) {
      const rows = await rowsReadWithGenericPlan(transactionsPageQuery(t.deps.db), { userId: history.userId, limit, offset }, 'transactions');
      expect(rows, `${limit}/${offset}`).toBeLessThanOrEqual(2 * (limit + offset) + 10);
    }
  });
});
