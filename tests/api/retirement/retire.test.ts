import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { certificates, holdings, transactions } from '@/server/db/schema';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { ledgerImbalances, myCredits, retire, serialCoverage } from './retirement-kit';
import { buyCredits, listProjects } from '@tests/support/api-calls';

let t: TestApp;
let projects: Project[];

beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  projects = await listProjects(t.app);
});
afterAll(() => t.close());

describe('POST /api/credits/:creditId/retire', () => {
  it('retires a whole holding and writes the certificate and a retirement transaction', async () => {
    const { cookie, user } = await signUp(t.app, { firstName: 'Ada', companyName: 'Northwind Logistics' });
    const { credit } = await buyCredits(t.app, cookie, projects[0], 5);
    const response = await retire(t.app, cookie, credit.id, { reason: '  Scope 3 offset 2025  ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ certificateId: expect.stringMatching(/^CERT-[A-Z2-7]{16}$/), creditId: credit.id, quantity: 5 });

    const [holding] = await t.deps.db.select().from(holdings).where(eq(holdings.id, credit.id));
    expect(holding).toMatchObject({ status: 'retired', retiredReason: 'Scope 3 offset 2025', certificateId: body.certificateId, quantity: 5 });
    const [certificate] = await t.deps.db.select().from(certificates).where(eq(certificates.id, body.certificateId));
    expect(certificate).toMatchObject({
      userId: user.id, holdingId: credit.id, beneficiary: 'Northwind Logistics', reason: 'Scope 3 offset 2025',
      quantity: 5, serialStart: credit.serialStart, serialEnd: credit.serialEnd, chainTxHash: null,
    });
    const rows = await t.deps.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.map((row) => row.type).sort()).toEqual(['purchase', 'retirement']);
    const retirementRow = rows.find((row) => row.type === 'retirement')!;
    expect(retirementRow).toMatchObject({ quantity: 5, totalCents: 0n, certificateId: body.certificateId, holdingId: credit.id });

    const history = await t.app.inject({ method: 'GET', url: '/api/transactions/my', headers: { cookie } });
    expect(history.json()[0]).toMatchObject({ type: 'retirement', totalAmount: '0.00', certificateId: body.certificateId });
    const stats = await t.app.inject({ method: 'GET', url: '/api/stats/user', headers: { cookie } });
    expect(stats.json()).toMatchObject({ ownedCredits: 0, retiredCredits: 5 });
  });

  it('retires part of a holding: the lowest serials split off as a new retired row, the rest stays active', async () => {
    const { cookie } = await signUp(t.app, { firstName: 'Grace' });
    const { credit } = await buyCredits(t.app, cookie, projects[1], 10);
    const response = await retire(t.app, cookie, credit.id, { reason: 'Carbon Neutrality Goal', quantity: 3, beneficiary: 'Client A' });
    expect(response.statusCode).toBe(201);
    const { certificateId, creditId } = response.json();
    expect(creditId).not.toBe(credit.id);

    const credits = await myCredits(t.app, cookie);
    const retired = credits.find((c) => c.id === creditId)!;
    const rest = credits.find((c) => c.id === credit.id)!;
    expect(retired).toMatchObject({ status: 'retired', quantity: 3, serialStart: credit.serialStart, serialEnd: credit.serialStart + 2, certificateId });
    expect(rest).toMatchObject({ status: 'active', quantity: 7, serialStart: credit.serialStart + 3, serialEnd: credit.serialEnd, certificateId: null });
    expect(retired.purchaseDate).toBe(credit.purchaseDate);
    const [row] = await t.deps.db.select().from(holdings).where(eq(holdings.id, creditId));
    expect(row).toMatchObject({ origin: 'split', parentHoldingId: credit.id });
    const [certificate] = await t.deps.db.select().from(certificates).where(eq(certificates.id, certificateId));
    expect(certificate.beneficiary).toBe('Client A');

    const again = await retire(t.app, cookie, credit.id, { reason: 'The rest' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ creditId: credit.id, quantity: 7 });
  });

  it('keeps serial ranges disjoint and contiguous after several purchases and partial retirements', async () => {
    const project = projects[2];
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const first = await buyCredits(t.app, a.cookie, project, 12);
    const second = await buyCredits(t.app, b.cookie, project, 7);
    const third = await buyCredits(t.app, a.cookie, project, 4);
    expect(second.credit.serialStart).toBe(first.credit.serialEnd + 1);
    expect(third.credit.serialStart).toBe(second.credit.serialEnd + 1);
    expect((await retire(t.app, a.cookie, first.credit.id, { reason: 'r1', quantity: 5 })).statusCode).toBe(201);
    expect((await retire(t.app, a.cookie, first.credit.id, { reason: 'r2', quantity: 2 })).statusCode).toBe(201);
    expect((await retire(t.app, b.cookie, second.credit.id, { reason: 'r3', quantity: 6 })).statusCode).toBe(201);
    expect((await retire(t.app, a.cookie, third.credit.id, { reason: 'r4' })).statusCode).toBe(201);

    const credits = await myCredits(t.app, a.cookie);
    const ofFirst = credits.filter((c) => c.serialStart >= first.credit.serialStart && c.serialEnd <= first.credit.serialEnd);
    expect(ofFirst.map((c) => [c.status, c.serialStart - first.credit.serialStart, c.serialEnd - first.credit.serialStart]).sort()).toEqual([
      ['active', 7, 11], ['retired', 0, 4], ['retired', 5, 6],
    ]);
    const coverage = await serialCoverage(t.deps.db, project.id);
    expect(coverage.ok).toBe(true);
    expect(coverage.sold).toBe(third.credit.serialEnd);
    expect((await ledgerImbalances(t.deps.db)).every((row) => row.imbalance === 0)).toBe(true);
  });

  it("answers 404 for another user's holding and for an unknown one, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const { credit } = await buyCredits(t.app, owner.cookie, projects[0], 2);
    const response = await retire(t.app, stranger.cookie, credit.id, { reason: 'Not mine' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Credit not found' });
    expect((await retire(t.app, stranger.cookie, 99_999_999, { reason: 'x' })).statusCode).toBe(404);
    const [row] = await t.deps.db.select().from(holdings).where(eq(holdings.id, credit.id));
    expect(row.status).toBe('active');
  });

  it('answers 409 for an already retired holding and for escrowed or pooled tonnes', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[0], 2);
    expect((await retire(t.app, cookie, credit.id, { reason: 'once' })).statusCode).toBe(201);
    const again = await retire(t.app, cookie, credit.id, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been retired/);

    const other = await buyCredits(t.app, cookie, projects[0], 2);
    await t.deps.db.update(holdings).set({ status: 'escrowed' }).where(eq(holdings.id, other.credit.id));
    const escrowed = await retire(t.app, cookie, other.credit.id, { reason: 'locked' });
    expect(escrowed.statusCode).toBe(409);
    expect(escrowed.json().message).toMatch(/escrowed/);
    await t.deps.db.update(holdings).set({ status: 'pooled' }).where(eq(holdings.id, other.credit.id));
    expect((await retire(t.app, cookie, other.credit.id, { reason: 'pooled' })).statusCode).toBe(409);
  });

  it('answers 401 when signed out', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/credits/1/retire', payload: { reason: 'x' } });
    expect(response.statusCode).toBe(401);
  });

  describe('validation (400, nothing changes)', () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['a missing reason', {}, /retirement reason/],
      ['a blank reason', { reason: '' }, /retirement reason/],
      ['a whitespace reason', { reason: ' \t\n ' }, /retirement reason/],
      ['a reason over 500 characters', { reason: 'x'.repeat(501) }, /at most 500 characters/],
      ['quantity 0', { reason: 'ok', quantity: 0 }, /at least 1/],
      ['a negative quantity', { reason: 'ok', quantity: -3 }, /at least 1/],
      ['a fractional quantity', { reason: 'ok', quantity: 1.5 }, /whole number/],
      ['a string quantity', { reason: 'ok', quantity: '2' }, /number/],
      ['an unknown field', { reason: 'ok', extra: 1 }, /./],
    ];
    it.each(cases)('refuses %s', async (_name, payload, message) => {
      const { cookie } = await signUp(t.app);
      const { credit } = await buyCredits(t.app, cookie, projects[3], 3);
      const response = await retire(t.app, cookie, credit.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
      const [row] = await t.deps.db.select().from(holdings).where(eq(holdings.id, credit.id));
      expect(row).toMatchObject({ status: 'active', quantity: 3 });
    });

    it('accepts a reason of exactly 500 characters after trimming', async () => {
      const { cookie } = await signUp(t.app);
      const { credit } = await buyCredits(t.app, cookie, projects[3], 1);
      const response = await retire(t.app, cookie, credit.id, { reason: `  ${'y'.repeat(500)}  ` });
      expect(response.statusCode).toBe(201);
    });

    it('refuses a quantity larger than the holding with 422', async () => {
      const { cookie } = await signUp(t.app);
      const { credit } = await buyCredits(t.app, cookie, projects[3], 3);
      const response = await retire(t.app, cookie, credit.id, { reason: 'too many', quantity: 4 });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('You hold only 3 credits in this holding');
    });

    it('refuses a non-numeric credit id with 400', async () => {
      const { cookie } = await signUp(t.app);
      expect((await retire(t.app, cookie, 'abc' as unknown as number, { reason: 'x' })).statusCode).toBe(400);
    });
  });

  it('tells the catalogue caches that the project changed', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[4], 1);
    const seen: unknown[] = [];
    const unsubscribe = t.deps.events.subscribe((event) => seen.push(event));
    await retire(t.app, cookie, credit.id, { reason: 'event' });
    unsubscribe();
    expect(seen).toContainEqual({ type: 'project', projectId: projects[4].id });
  });
});
