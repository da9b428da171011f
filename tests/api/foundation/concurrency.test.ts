import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings, projects } from '@/server/db/schema';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { cashTotals, issuanceByProject } from './support';
import { findProject, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

const BUYERS = 20;
const PURCHASES = 100;
const LEFT_TONNES = 40;

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(async () => { await t?.close(); });

describe('100 simultaneous purchases of 1 credit racing for the last 40', () => {
  let projectId: number;
  let issued: number;
  let responses: Awaited<ReturnType<typeof postJson>>[];

  beforeAll(async () => {
    // Bring the stock down to 40 through the real purchase path, so every sold tonne has its holding and payment.
    // Pennsylvania: 5,000 issued at $8.90; 4,960 t cost $44,144.00 + $882.88 fee, within one demo balance.
    const pennsylvania = await findProject(t.app, 'Pennsylvania Coal Mine Methane');
    projectId = pennsylvania.id;
    issued = pennsylvania.totalCredits;
    const whale = await signUp(t.app, { firstName: 'Whale' });
    const bulk = await postJson(t.app, '/api/credits/purchase', { projectId, quantity: issued - LEFT_TONNES, pricePerCredit: '8.90' }, whale.cookie);
    expect(bulk.statusCode).toBe(201);
    expect((await findProject(t.app, pennsylvania.name)).availableCredits).toBe(LEFT_TONNES);

    const buyers: { cookie: string }[] = [];
    for (let i = 0; i < BUYERS; i++) buyers.push(await signUp(t.app, { firstName: `Racer ${i}` }));
    responses = await Promise.all(
      Array.from({ length: PURCHASES }, (_, i) =>
        postJson(t.app, '/api/credits/purchase', { projectId, quantity: 1, pricePerCredit: '8.90' }, buyers[i % BUYERS].cookie)),
    );
  });

  it('sells exactly 40 and refuses the other 60 with 422', () => {
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LEFT_TONNES);
    expect(statuses.filter((status) => status === 422)).toHaveLength(PURCHASES - LEFT_TONNES);
    for (const response of responses.filter((r) => r.statusCode === 422)) {
      expect(response.json()).toEqual({ message: 'Only 0 credits are available for this project' });
    }
    for (const response of responses.filter((r) => r.statusCode === 201)) {
      expect(response.json()).toMatchObject({ subtotal: '8.90', fee: '0.18', total: '9.08' });
    }
  });

  it('leaves availability at 0, never below', async () => {
    const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row.availableCredits).toBe(0);
    expect(row.nextSerial).toBe(issued + 1);
    expect((await findProject(t.app, row.name)).availableCredits).toBe(0);
    // No sold serial lies beyond the issued ones, which a negative stock would need.
    const sold = responses.filter((r) => r.statusCode === 201).map((r) => r.json().credit.serialEnd as number);
    expect(Math.max(...sold)).toBe(issued);
  });

  it('hands the 40 tonnes out as disjoint serial ranges covering exactly the serials that were left', async () => {
    const rows = await t.deps.db.select().from(holdings).where(eq(holdings.projectId, projectId)).orderBy(asc(holdings.serialStart));
    expect(rows.reduce((sum, row) => sum + row.quantity, 0)).toBe(issued);
    let next = 1;
    for (const row of rows) {
      expect(row.serialStart).toBe(next);
      expect(row.serialEnd).toBe(row.serialStart + row.quantity - 1);
      next = row.serialEnd + 1;
    }
    expect(next).toBe(issued + 1);
    const raced = rows.slice(1);
    expect(raced).toHaveLength(LEFT_TONNES);
    expect(raced.map((row) => row.serialStart)).toEqual(Array.from({ length: LEFT_TONNES }, (_, i) => issued - LEFT_TONNES + 1 + i));
  });

  it('keeps issued = available + held for every project', async () => {
    for (const row of await issuanceByProject(t.deps)) expect(row.issued).toBe(row.available + row.held);
  });

  it('conserves cash and fees to the cent: cash left + paid (fees included) = demo deposits', async () => {
    const totals = await cashTotals(t.deps);
    expect(totals.depositedCents).toBe(BigInt(BUYERS + 1) * 5_000_000n);
    expect(totals.cashCents + totals.purchasesCents).toBe(totals.depositedCents);
    expect(totals.purchasesCents).toBe(4_502_688n + BigInt(LEFT_TONNES) * 908n);
    expect(totals.feesCents).toBe(88_288n + BigInt(LEFT_TONNES) * 18n);
  });
});
