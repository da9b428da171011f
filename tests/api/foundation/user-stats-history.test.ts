import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTotalsQuery } from '@/server/services/portfolio-queries';
import { listProjects, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { explainAnalyze, type PlanNode } from '@tests/support/rows-read';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(() => t?.close());

const LOTS = 12_000;
const FILLED_ORDERS = 6_000;

/**
 * A trader's history written directly (a market maker's thousands of 1 t lots over several projects and statuses, and
 * thousands of filled orders beside two live ones), another trader's beside it, then the dashboard's figures.
 */
async function traderWithHistory() {
  const projects = await listProjects(t.app);
  const trader = await signUp(t.app);
  const other = await signUp(t.app);
  // Lot g: project g % 4, status by g % 5 (0 retired, 1 escrowed, else active), quantity 1 + g % 3.
  await t.deps.db.execute(sql`insert into holdings (user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, status)
    select case when g % 2 = 0 then ${trader.user.id}::int else ${other.user.id}::int end, (${`{${projects.slice(0, 4).map((p) => p.id).join(',')}}`}::int[])[1 + g % 4],
      1 + g % 3, g * 3, g * 3 + g % 3, 100, case g % 5 when 0 then 'retired' when 1 then 'escrowed' else 'active' end
    from generate_series(1, ${LOTS * 2}::int) g`);
  await t.deps.db.execute(sql`insert into orders (user_id, project_id, order_type, quantity, filled_quantity, remaining_quantity, price_cents, status)
    select ${trader.user.id}::int, ${projects[0].id}::int, 'buy', 1, case when g <= 2 then 0 else 1 end, case when g <= 2 then 1 else 0 end, 100,
      case when g <= 2 then 'open' else 'filled' end
    from generate_series(1, ${FILLED_ORDERS + 2}::int) g`);
  // The embedded database's scheduled vacuum would have run by now; it marks the pages all-visible.
  await t.deps.db.execute(sql`vacuum analyze holdings`);
  await t.deps.db.execute(sql`vacuum analyze orders`);
  return { trader, projects };
}

describe('a trader\'s dashboard figures over a long history', () => {
  it('sum every lot by status and value the owned ones at list price, as reading every lot would', async () => {
    const { trader, projects } = await traderWithHistory();
    const priceCents = new Map(projects.map((project) => [project.id, BigInt(project.pricePerCredit.replace('.', ''))]));
    // The oracle: every lot of the trader read and summed here.
    const lots = (await t.deps.db.execute(sql`select project_id, status, quantity from holdings where user_id = ${trader.user.id}`) as unknown as
      { rows: { project_id: number; status: string; quantity: number }[] }).rows;
    expect(lots).toHaveLength(LOTS);
    const owned = lots.filter((lot) => lot.status !== 'retired');
    const valueCents = owned.reduce((sum, lot) => sum + BigInt(lot.quantity) * priceCents.get(lot.project_id)!, 0n);
    const stats = await t.app.inject({ method: 'GET', url: '/api/stats/user', headers: { cookie: trader.cookie } });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({
      ownedCredits: owned.reduce((sum, lot) => sum + lot.quantity, 0),
      retiredCredits: lots.filter((lot) => lot.status === 'retired').reduce((sum, lot) => sum + lot.quantity, 0),
      portfolioValue: `${valueCents / 100n}.${String(valueCents % 100n).padStart(2, '0')}`,
      activeOrders: 2,
    });
  });

  // PostgreSQL, with statistics, may rightly plan otherwise on tables this small: the plan is pinned where the query's
  // shape and the indexes decide it.
  it.runIf(!process.env.TEST_DATABASE_URL)('read the lots from an index alone and only the live orders', async () => {
    const { trader } = await traderWithHistory();
    const plan = await explainAnalyze(t.deps.db, userTotalsQuery(t.deps.db, trader.user.id).getSQL());
    const scans = scansOf(plan);
    const lotScan = scans.find((scan) => scan['Relation Name'] === 'holdings')!;
    // Every lot of the trader is an index entry, and none is fetched from the table.
    expect(lotScan).toMatchObject({ 'Node Type': 'Index Only Scan', 'Index Name': 'holdings_user_totals_idx', 'Actual Rows': LOTS, 'Heap Fetches': 0 });
    // The two live orders, not the trader's 6,000 filled ones.
    const orderScan = scans.find((scan) => scan['Relation Name'] === 'orders')!;
    expect(orderScan['Index Name']).toBe('orders_user_live_idx');
    expect((orderScan['Actual Rows'] ?? 0) + (orderScan['Rows Removed by Filter'] ?? 0)).toBe(2);
  });
});

function scansOf(node: PlanNode & { 'Heap Fetches'?: number }): (PlanNode & { 'Heap Fetches'?: number })[] {
  return [...(node['Relation Name'] ? [node] : []), ...(node.Plans ?? []).flatMap(scansOf)];
}
