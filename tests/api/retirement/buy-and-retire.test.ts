import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { certificates, holdings, transactions, users } from '@/server/db/schema';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, listProjects } from '@tests/support/api-calls';

let t: TestApp;
let projects: Project[];

beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  projects = await listProjects(t.app);
});
afterAll(() => t.close());

describe('POST /api/credits/purchase with retireImmediately', () => {
  it('buys and retires in one step and returns the certificate id', async () => {
    const { cookie, user } = await signUp(t.app, { firstName: 'Lin' });
    const result = await buyCredits(t.app, cookie, projects[0], 3, { retireImmediately: true });
    expect(result.certificateId).toMatch(/^CERT-[A-Z2-7]{16}$/);
    expect(result.credit).toMatchObject({ status: 'retired', quantity: 3, certificateId: result.certificateId, retiredReason: 'Carbon Neutrality Goal' });
    const [certificate] = await t.deps.db.select().from(certificates).where(eq(certificates.id, result.certificateId!));
    expect(certificate).toMatchObject({ beneficiary: 'Lin', reason: 'Carbon Neutrality Goal', quantity: 3, holdingId: result.credit.id });
    const rows = await t.deps.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.map((row) => row.type).sort()).toEqual(['purchase', 'retirement']);
  });

  it('uses the given reason and beneficiary', async () => {
    const { cookie } = await signUp(t.app);
    const result = await buyCredits(t.app, cookie, projects[0], 1, { retireImmediately: true, reason: '  Event offset  ', beneficiary: 'Conference 2026' });
    const response = await t.app.inject({ method: 'GET', url: `/api/certificates/${result.certificateId}` });
    expect(response.json()).toMatchObject({ reason: 'Event offset', beneficiary: 'Conference 2026', verified: true });
  });

  it('returns certificateId null for a plain purchase', async () => {
    const { cookie } = await signUp(t.app);
    const result = await buyCredits(t.app, cookie, projects[0], 1);
    expect(result.certificateId).toBeNull();
    expect(result.credit.status).toBe('active');
  });

  it('retires nothing when the purchase is refused', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.deps.db.update(users).set({ cashCents: 100n }).where(eq(users.id, user.id));
    const response = await t.app.inject({
      method: 'POST', url: '/api/credits/purchase', headers: { cookie },
      payload: { projectId: projects[0].id, quantity: 10, pricePerCredit: projects[0].pricePerCredit, retireImmediately: true },
    });
    expect(response.statusCode).toBe(422);
    expect(await t.deps.db.select().from(holdings).where(eq(holdings.userId, user.id))).toEqual([]);
    expect(await t.deps.db.select().from(certificates).where(eq(certificates.userId, user.id))).toEqual([]);
  });
});
