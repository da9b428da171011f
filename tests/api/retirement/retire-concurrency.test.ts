import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { certificates, holdings, transactions } from '@/server/db/schema';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { ledgerImbalances, myCredits, retire, serialCoverage } from './retirement-kit';
import { mulberry32 as random } from '@/domain/mrv/seeded-random';
import { buyCredits, listProjects } from '@tests/support/api-calls';

let t: TestApp;
let projects: Project[];

beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  projects = await listProjects(t.app);
});
afterAll(() => t.close());

describe('concurrent retirements', () => {
  it('retire the same holding exactly once out of 20 simultaneous requests and leave one certificate', async () => {
    const { cookie, user } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[5], 8);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => retire(t.app, cookie, credit.id, { reason: `attempt ${i}` })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const issued = await t.deps.db.select().from(certificates).where(eq(certificates.userId, user.id));
    expect(issued).toHaveLength(1);
    const retirementRows = await t.deps.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(retirementRows.filter((row) => row.type === 'retirement')).toHaveLength(1);
    const [row] = await t.deps.db.select().from(holdings).where(eq(holdings.id, credit.id));
    expect(row).toMatchObject({ status: 'retired', quantity: 8, certificateId: issued[0].id });
  });

  it('of one tonne each never retire more than the holding, even when they race', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[5], 5);
    const responses = await Promise.all(Array.from({ length: 12 }, () => retire(t.app, cookie, credit.id, { reason: 'one', quantity: 1 })));
    // Four splits of one tonne leave one tonne in the original row, which the fifth retires whole.
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(responses.every((response) => [201, 409].includes(response.statusCode))).toBe(true);
    const credits = await myCredits(t.app, cookie);
    expect(credits.filter((c) => c.status === 'retired').reduce((sum, c) => sum + c.quantity, 0)).toBe(5);
  });
});

describe('ledger invariant after a mixed random workload', () => {
  it('keeps issued = available + Σ holdings (every status) per project, with disjoint serial ranges', async () => {
    const next = random(20261122);
    const users = await Promise.all(Array.from({ length: 4 }, () => signUp(t.app)));
    const chosen = projects.slice(6, 9);
    const operations: Array<Promise<unknown>> = [];
    for (let round = 0; round < 6; round += 1) {
      for (const { cookie } of users) {
        const project = chosen[Math.floor(next() * chosen.length)];
        const quantity = 1 + Math.floor(next() * 9);
        const retireNow = next() < 0.2;
        operations.push(buyCredits(t.app, cookie, project, quantity, retireNow ? { retireImmediately: true } : {}));
      }
      await Promise.all(operations.splice(0));
      for (const { cookie } of users) {
        const active = (await myCredits(t.app, cookie)).filter((c) => c.status === 'active');
        for (const holding of active) {
          if (next() < 0.5) continue;
          const quantity = next() < 0.3 ? undefined : 1 + Math.floor(next() * holding.quantity * 1.3);
          operations.push(retire(t.app, cookie, holding.id, { reason: `round ${round}`, ...(quantity ? { quantity } : {}) }));
        }
      }
      const results = (await Promise.all(operations.splice(0))) as Array<{ statusCode: number }>;
      expect(results.every((result) => [201, 422].includes(result.statusCode))).toBe(true);
    }
    expect(await ledgerImbalances(t.deps.db)).toEqual(projects.map((project) => ({ projectId: project.id, imbalance: 0 })));
    for (const project of chosen) expect((await serialCoverage(t.deps.db, project.id)).ok).toBe(true);
    // Every retired holding has exactly one certificate with the same serials and quantity.
    const mismatched = await t.deps.db.execute(sql`
      select h.id from holdings h left join certificates c on c.id = h.certificate_id
      where h.status = 'retired' and (c.id is null or c.holding_id <> h.id or c.quantity <> h.quantity
        or c.serial_start <> h.serial_start or c.serial_end <> h.serial_end)`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
