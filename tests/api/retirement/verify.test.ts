import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { holdings } from '@/server/db/schema';
import type { VerifyResponse } from '@/shared/schemas/certificate';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { retire } from './retirement-kit';
import { buyCredits, listProjects } from '@tests/support/api-calls';

let t: TestApp;
let projects: Project[];

beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  projects = await listProjects(t.app);
});
afterAll(() => t.close());

async function verify(query: string, digest?: string): Promise<VerifyResponse> {
  const params = new URLSearchParams({ query, ...(digest ? { digest } : {}) });
  const response = await t.app.inject({ method: 'GET', url: `/api/verify?${params}` });
  expect(response.statusCode).toBe(200);
  return response.json() as VerifyResponse;
}

const serialOf = (project: Project, serial: number) => `${project.serialPrefix}-${String(serial).padStart(6, '0')}`;

describe('GET /api/verify', () => {
  it('finds a retirement by certificate id with its beneficiary, reason and provenance', async () => {
    const { cookie } = await signUp(t.app, { firstName: 'Ada', companyName: 'Acme' });
    const { credit } = await buyCredits(t.app, cookie, projects[1], 6);
    const { certificateId } = (await retire(t.app, cookie, credit.id, { reason: 'Net zero 2030', quantity: 2, beneficiary: 'Client B' })).json();
    const result = await verify(certificateId);
    expect(result).toMatchObject({
      found: true, kind: 'certificate', status: 'retired', retiredBy: 'Client B', reason: 'Net zero 2030', projectName: projects[1].name,
      digestValid: true, digestPresented: false,
    });
    expect(result.certificate?.certificateId).toBe(certificateId);
    expect(result.provenance.map((event) => [event.event, event.quantity])).toEqual([['issued', projects[1].totalCredits], ['bought', 6], ['retired', 2]]);
    expect(result.provenance[2].detail).toBe('Retired on behalf of Client B — Net zero 2030');
    const dates = result.provenance.map((event) => Date.parse(event.date));
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
  });

  it('finds a serial number: retired, held (active) and not yet sold', async () => {
    const project = projects[2];
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, project, 5);
    const { certificateId } = (await retire(t.app, cookie, credit.id, { reason: 'Serial check', quantity: 2 })).json();

    const retired = await verify(serialOf(project, credit.serialStart + 1));
    expect(retired).toMatchObject({ found: true, kind: 'serial', status: 'retired', serial: serialOf(project, credit.serialStart + 1), reason: 'Serial check', digestValid: true });
    expect(retired.certificate?.certificateId).toBe(certificateId);

    const held = await verify(serialOf(project, credit.serialEnd).toLowerCase());
    expect(held).toMatchObject({ found: true, status: 'active', certificate: null, retiredBy: null, digestValid: null });
    expect(held.provenance.map((event) => event.event)).toEqual(['issued', 'bought']);

    const unsold = await verify(serialOf(project, project.totalCredits));
    expect(unsold).toMatchObject({ found: true, status: 'unsold' });
    expect(unsold.provenance.map((event) => event.event)).toEqual(['issued']);
  });

  it('says what it could not find', async () => {
    expect(await verify('CERT-AAAAAAAAAAAAAAAA')).toMatchObject({ found: false, message: 'Certificate not found' });
    expect(await verify('XYZ-1-2020-000001')).toMatchObject({ found: false, message: expect.stringMatching(/No project uses/) });
    expect(await verify(serialOf(projects[0], projects[0].totalCredits + 1))).toMatchObject({ found: false, message: expect.stringMatching(/outside/) });
    expect(await verify('hello world')).toMatchObject({ found: false, message: expect.stringMatching(/certificate ID/) });
    const blank = await t.app.inject({ method: 'GET', url: '/api/verify?query=%20' });
    expect(blank.statusCode).toBe(400);
  });

  it('compares a digest printed on a document with the registry', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[3], 1);
    const { certificateId } = (await retire(t.app, cookie, credit.id, { reason: 'Digest' })).json();
    const { certificate } = await verify(certificateId);
    expect(await verify(certificateId, certificate!.digest.toUpperCase())).toMatchObject({ digestValid: true, digestPresented: true });
    const forged = certificate!.digest.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(await verify(certificateId, forged)).toMatchObject({ digestValid: false, digestPresented: true });
  });

  it('reports a ledger that no longer backs the certificate as not valid', async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[3], 3);
    const { certificateId } = (await retire(t.app, cookie, credit.id, { reason: 'Tamper' })).json();
    await t.deps.db.update(holdings).set({ retiredReason: 'Something else' }).where(eq(holdings.id, credit.id));
    const result = await verify(certificateId);
    expect(result).toMatchObject({ found: true, digestValid: false });
    expect(result.certificate?.verified).toBe(false);
  });

  it('shows a trade in the provenance when the holding came from another lot', async () => {
    const seller = await signUp(t.app);
    const buyer = await signUp(t.app);
    const { credit } = await buyCredits(t.app, seller.cookie, projects[4], 4);
    // What the trading feature writes for a fill: the buyer's lot, split off the seller's with origin 'trade'.
    await t.deps.db.update(holdings).set({ quantity: 2, serialStart: credit.serialStart + 2 }).where(eq(holdings.id, credit.id));
    const [traded] = await t.deps.db.insert(holdings).values({
      userId: buyer.user.id, projectId: projects[4].id, quantity: 2, serialStart: credit.serialStart, serialEnd: credit.serialStart + 1,
      purchasePriceCents: 2500n, origin: 'trade', parentHoldingId: credit.id,
    }).returning();
    expect((await retire(t.app, buyer.cookie, traded.id, { reason: 'After trade' })).statusCode).toBe(201);
    const result = await verify(serialOf(projects[4], credit.serialStart));
    expect(result.provenance.map((event) => event.event)).toEqual(['issued', 'bought', 'traded', 'retired']);
    expect(result.provenance[1].quantity).toBe(4);
    expect(result.provenance[2].detail).toBe('Changed hands on the order book at $25.00 per tonne');
  });
});
