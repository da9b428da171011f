import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingHoldingsQuery } from '../../../src/server/chain/anchoring-queries';
import { buyCredits, listProjects, ROOMY_RATE_LIMIT } from '../../support/api-calls';
import { rowsReadBy } from '../../support/rows-read';
import { createTestApp, signUp, type TestApp } from '../../support/test-app';

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
});
