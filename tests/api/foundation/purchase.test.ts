import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings, projects, transactions, users } from '@/server/db/schema';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { cashTotals, issuanceByProject } from './support';
import { findProject, getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(async () => { await t?.close(); });

const purchase = (cookie: string, projectId: number, quantity: number, pricePerCredit: string | number) =>
  postJson(t.app, '/api/credits/purchase', { projectId, quantity, pricePerCredit }, cookie);
const projectRow = async (id: number) => (await t.deps.db.select().from(projects).where(eq(projects.id, id)))[0];
const cashOf = async (userId: number) => (await t.deps.db.select().from(users).where(eq(users.id, userId)))[0].cashCents;

describe('POST /api/credits/purchase', () => {
  it('sells the next serials, charges subtotal + 2% fee rounded half-up, and records holding and transaction', async () => {
    const { cookie, user } = await signUp(t.app);
    // $14.75 × 3 = $44.25; 2% = 88.5 cents, which half-up makes 89 (truncation or banker's rounding give 88).
    const katingan = await findProject(t.app, 'Katingan Peatland Restoration');
    expect(katingan.pricePerCredit).toBe('14.75');
    const before = await projectRow(katingan.id);

    const response = await purchase(cookie, katingan.id, 3, '14.75');

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ subtotal: '44.25', fee: '0.89', total: '45.14', cashBalance: '49954.86', certificateId: null });
    const first = before.nextSerial;
    expect(body.credit).toMatchObject({
      projectId: katingan.id,
      projectName: 'Katingan Peatland Restoration',
      quantity: 3,
      purchasePrice: '14.75',
      status: 'active',
      serialStart: first,
      serialEnd: first + 2,
      serialRange: `VCS-1477-2020-${String(first).padStart(6, '0')}–${String(first + 2).padStart(6, '0')}`,
    });

    expect(await cashOf(user.id)).toBe(5_000_000n - 4514n);
    const after = await projectRow(katingan.id);
    expect(after.availableCredits).toBe(before.availableCredits - 3);
    expect(after.nextSerial).toBe(first + 3);
    expect(after.totalIssued).toBe(before.totalIssued);

    const [holding] = await t.deps.db.select().from(holdings).where(eq(holdings.id, body.credit.id));
    expect(holding).toMatchObject({ userId: user.id, projectId: katingan.id, quantity: 3, serialStart: first, serialEnd: first + 2, purchasePriceCents: 1475n, status: 'active' });
    const rows = await t.deps.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'purchase', projectId: katingan.id, holdingId: holding.id, quantity: 3, totalCents: 4514n, feeCents: 89n });

    // The cached catalogue shows the new availability at once.
    expect((await findProject(t.app, 'Katingan Peatland Restoration')).availableCredits).toBe(before.availableCredits - 3);
  });

  it('accepts the price as a number and hands consecutive buyers disjoint serial ranges', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const noor = await findProject(t.app, 'Noor Ouarzazate Solar Complex');

    const a = (await purchase(alice.cookie, noor.id, 1, 13.25)).json();
    const b = (await purchase(bob.cookie, noor.id, 4, '13.25')).json();

    expect(a).toMatchObject({ subtotal: '13.25', fee: '0.27', total: '13.52' }); // 26.5 cents → 27
    expect(b).toMatchObject({ subtotal: '53.00', fee: '1.06', total: '54.06' });
    expect(b.credit.serialStart).toBe(a.credit.serialEnd + 1);
    expect(b.credit.serialEnd).toBe(b.credit.serialStart + 3);
  });

  it('keeps issued = available + held for every project, and cash + purchases = demo deposits', async () => {
    for (const row of await issuanceByProject(t.deps)) expect(row.issued).toBe(row.available + row.held);
    const totals = await cashTotals(t.deps);
    expect(totals.purchasesCents).toBeGreaterThan(0n);
    expect(totals.cashCents + totals.purchasesCents).toBe(totals.depositedCents);
  });
});

describe('a buyer after two purchases', () => {
  let buyer: Awaited<ReturnType<typeof signUp>>;
  let amazonId: number;
  let rwandaId: number;
  beforeAll(async () => {
    buyer = await signUp(t.app, { firstName: 'Linus', companyName: 'Penguin Logistics' });
    amazonId = (await findProject(t.app, 'Amazon Rainforest Conservation')).id;
    rwandaId = (await findProject(t.app, 'Rwanda Clean Cookstoves')).id;
    expect((await purchase(buyer.cookie, amazonId, 10, '18.50')).statusCode).toBe(201); // 185.00 + 3.70 = 188.70
    expect((await purchase(buyer.cookie, rwandaId, 7, '17.40')).statusCode).toBe(201); // 121.80 + 2.44 (2.436) = 124.24
  });

  it('GET /api/credits/my lists their holdings, newest first', async () => {
    const response = await getAs(t.app, '/api/credits/my', buyer.cookie);
    expect(response.statusCode).toBe(200);
    const credits = response.json();
    expect(credits.map((c: { projectId: number; quantity: number }) => [c.projectId, c.quantity])).toEqual([[rwandaId, 7], [amazonId, 10]]);
    expect(credits[0]).toMatchObject({ projectName: 'Rwanda Clean Cookstoves', purchasePrice: '17.40', status: 'active', retiredAt: null, tokenId: null });
    expect(credits[0].serialRange).toMatch(/^GS-5632-2021-\d{6}–\d{6}$/);
    expect(new Date(credits[0].purchaseDate).toISOString()).toBe(credits[0].purchaseDate);
  });

  it('GET /api/transactions/my lists their purchases with totals and fees', async () => {
    const response = await getAs(t.app, '/api/transactions/my', buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject([
      { type: 'purchase', projectId: rwandaId, projectName: 'Rwanda Clean Cookstoves', quantity: 7, totalAmount: '124.24', feeAmount: '2.44', certificateId: null },
      { type: 'purchase', projectId: amazonId, projectName: 'Amazon Rainforest Conservation', quantity: 10, totalAmount: '188.70', feeAmount: '3.70', certificateId: null },
    ]);
  });

  it('GET /api/stats/user sums owned tonnes at list price and shows the cash left', async () => {
    const response = await getAs(t.app, '/api/stats/user', buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ownedCredits: 17,
      retiredCredits: 0,
      portfolioValue: '306.80', // 10 × 18.50 + 7 × 17.40
      activeOrders: 0,
      cashBalance: '49687.06', // 50000.00 − 188.70 − 124.24
    });
    expect((await getAs(t.app, '/api/auth/user', buyer.cookie)).json()).toMatchObject({ cashBalance: '49687.06', companyName: 'Penguin Logistics' });
  });

  it('shows nothing of theirs to another account', async () => {
    const stranger = await signUp(t.app);
    expect((await getAs(t.app, '/api/credits/my', stranger.cookie)).json()).toEqual([]);
    expect((await getAs(t.app, '/api/transactions/my', stranger.cookie)).json()).toEqual([]);
    expect((await getAs(t.app, '/api/stats/user', stranger.cookie)).json()).toMatchObject({ ownedCredits: 0, portfolioValue: '0.00', cashBalance: '50000.00' });
  });

  it('counts in the platform stats', async () => {
    const stats = (await getAs(t.app, '/api/stats/platform')).json();
    const totals = await cashTotals(t.deps);
    expect(stats.transactionVolume).toBe((Number(totals.purchasesCents) / 100).toFixed(2));
    expect(stats.companiesActive).toBe(4); // the buyers of this file: one, Alice and Bob, Linus
  });
});

describe('signed out', () => {
  it.each(['/api/auth/user', '/api/stats/user', '/api/credits/my', '/api/transactions/my'])('GET %s answers 401', async (url) => {
    for (const cookie of [undefined, 'sid=not-a-session']) {
      const response = await getAs(t.app, url, cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in to continue' });
    }
  });

  it('POST /api/credits/purchase answers 401 and sells nothing', async () => {
    const amazon = await findProject(t.app, 'Amazon Rainforest Conservation');
    const before = await projectRow(amazon.id);
    const response = await postJson(t.app, '/api/credits/purchase', { projectId: amazon.id, quantity: 1, pricePerCredit: '18.50' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue' });
    expect(await projectRow(amazon.id)).toEqual(before);
  });
});
