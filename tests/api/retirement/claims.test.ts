import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { projects as projectsTable } from '@/server/db/schema';
import { integritySummary } from '@/shared/integrity';
import type { Certificate } from '@/shared/schemas/certificate';
import type { Project } from '@/shared/schemas/project';
import { buyCredits, findProject, getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { pdfText } from '@tests/support/pdf-text';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { marketOrder, newTrader, placeOrder, queryRows } from '@tests/api/trading/trading-kit';
import { expectedDigest, myCredits, retire } from './retirement-kit';

const CLAIM = { purpose: 'article6_ndc', periodStart: '2026-01-01', periodEnd: '2026-12-31', country: 'de', subdivision: 'de-by' } as const;

let t: TestApp;
let guatemala: Project;

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  guatemala = await findProject(t.app, 'Guatemala Highland Agroforestry');
});
afterAll(() => t.close());

const certificateOf = async (id: string) => (await getAs(t.app, `/api/certificates/${id}`)).json() as Certificate;

describe('a retirement claim', () => {
  it('is stored with the labels the unit carried through a trade and shows identically on the page, HTML, PDF, /verify and exports', async () => {
    const seller = await newTrader(t.app, guatemala, 10, 'Seller');
    const buyer = await newTrader(t.app, guatemala, 0, 'Buyer');
    expect((await placeOrder(t.app, seller, { projectId: guatemala.id, orderType: 'sell', quantity: 6, pricePerCredit: guatemala.pricePerCredit })).statusCode).toBeLessThan(300);
    expect((await marketOrder(t.app, buyer, { projectId: guatemala.id, orderType: 'buy', quantity: 6 })).statusCode).toBeLessThan(300);
    const [traded] = await myCredits(t.app, buyer.cookie);
    expect(traded.integrity).toEqual(guatemala.integrity);

    const response = await retire(t.app, buyer.cookie, traded.id, { reason: 'NDC contribution', quantity: 4, beneficiary: 'Lufthansa Group', claim: CLAIM });
    expect(response.statusCode).toBe(201);
    const { certificateId } = response.json();
    const certificate = await certificateOf(certificateId);
    expect(certificate).toMatchObject({
      contentVersion: 2, verified: true, quantity: 4, integrity: guatemala.integrity,
      claim: { purpose: 'article6_ndc', purposeLabel: 'Article 6 / NDC', periodStart: '2026-01-01', periodEnd: '2026-12-31', country: 'DE', subdivision: 'DE-BY' },
    });
    expect(certificate.digest).toBe(expectedDigest(certificate));

    const shown = ['Article 6 / NDC', '2026-01-01 to 2026-12-31', 'DE-BY', certificate.digest];
    const html = (await getAs(t.app, `/api/certificates/${certificateId}/html`)).body;
    for (const text of [...shown, 'CCP pending', 'CORSIA first phase', 'rating A']) expect(html, text).toContain(text);
    const pdf = await pdfText((await getAs(t.app, `/api/certificates/${certificateId}/pdf`)).rawPayload);
    for (const text of [...shown.slice(0, 3), 'Integrity labels', 'CCP pending']) expect(pdf, text).toContain(text);

    const verified = (await getAs(t.app, `/api/verify?query=${certificateId}`)).json();
    expect(verified.certificate).toEqual(certificate);
    const csv = (await getAs(t.app, '/api/exports/retirements.csv', buyer.cookie)).body;
    expect(csv).toContain(',article6_ndc,2026-01-01,2026-12-31,DE,DE-BY,removal,pending,first_phase,authorised,applied,15,A,false,true,2\r\n');
    const json = (await getAs(t.app, '/api/exports/retirements.json', buyer.cookie)).json();
    expect(json.retirements[0]).toMatchObject({ claim: certificate.claim, integrity: certificate.integrity, contentVersion: 2 });
  });

  it('keeps the labels frozen at retirement when the project is relabelled later; live lots follow the project', async () => {
    const { cookie } = await signUp(t.app);
    const bought = await buyCredits(t.app, cookie, guatemala, 5);
    const { certificateId } = (await retire(t.app, cookie, bought.credit.id, { reason: 'r', quantity: 2, claim: CLAIM })).json();
    const before = await certificateOf(certificateId);
    await t.deps.db.update(projectsTable).set({ ccpLabel: 'approved', rating: 'D' }).where(eq(projectsTable.id, guatemala.id));
    try {
      const after = await certificateOf(certificateId);
      expect(after).toEqual(before);
      expect(after.verified).toBe(true);
      const credits = await myCredits(t.app, cookie);
      expect(credits.find((credit) => credit.status === 'retired')!.integrity).toEqual(guatemala.integrity);
      expect(credits.find((credit) => credit.status === 'active')!.integrity).toMatchObject({ ccpLabel: 'approved', rating: 'D' });
      // Tampering with the frozen labels shows: the digest changes and no longer matches what was issued.
      await t.deps.db.execute(sql`update certificates set integrity = jsonb_set(integrity, '{rating}', '"AAA"') where id = ${certificateId}`);
      const tampered = await certificateOf(certificateId);
      expect(tampered.digest).not.toBe(before.digest);
      expect(integritySummary(tampered.integrity!)).toContain('rating AAA');
    } finally {
      await t.deps.db.update(projectsTable).set({ ccpLabel: guatemala.integrity.ccpLabel, rating: guatemala.integrity.rating }).where(eq(projectsTable.id, guatemala.id));
    }
  });

  it('is optional: without one the certificate is version 2 with no claim', async () => {
    const { cookie } = await signUp(t.app);
    const bought = await buyCredits(t.app, cookie, guatemala, 1);
    const { certificateId } = (await retire(t.app, cookie, bought.credit.id, { reason: 'r' })).json();
    const certificate = await certificateOf(certificateId);
    expect(certificate).toMatchObject({ contentVersion: 2, claim: null, integrity: guatemala.integrity, verified: true });
    expect(certificate.digest).toBe(expectedDigest(certificate));
  });
});

describe('bad claims are refused with 400 and retire nothing', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['an unknown country', { claim: { ...CLAIM, country: 'XX', subdivision: null } }, /country must be an ISO 3166-1 alpha-2 code/],
    ['an unknown subdivision', { claim: { ...CLAIM, subdivision: 'DE-ZZ' } }, /subdivision must be an ISO 3166-2 code of DE/],
    ["another country's subdivision", { claim: { ...CLAIM, subdivision: 'FR-75C' } }, /subdivision must be an ISO 3166-2 code of DE/],
    ['a period that ends before it starts', { claim: { ...CLAIM, periodStart: '2026-06-01', periodEnd: '2026-05-31' } }, /must end on or after its start/],
    ['a day that does not exist', { claim: { ...CLAIM, periodEnd: '2026-02-30' } }, /periodEnd must be a calendar date/],
    ['a purpose not in the list', { claim: { ...CLAIM, purpose: 'offsetting' } }, /purpose must be one of voluntary, corsia, article6_ndc, other_compliance/],
    ['a missing period', { claim: { purpose: 'voluntary', country: 'DE' } }, /periodStart/],
    ['a 10,000-character using entity', { beneficiary: 'x'.repeat(10_000), claim: CLAIM }, /beneficiary must be at most 200 characters/],
  ];

  it.each(cases)('on retire: %s', async (_name, extra, message) => {
    const { cookie } = await signUp(t.app);
    const bought = await buyCredits(t.app, cookie, guatemala, 3);
    const count = async () => Number((await queryRows<{ n: string }>(t.deps, sql`select count(*)::text as n from certificates`))[0].n);
    const before = await count();
    const response = await retire(t.app, cookie, bought.credit.id, { reason: 'r', ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await count()).toBe(before);
    expect((await myCredits(t.app, cookie)).map((credit) => [credit.status, credit.quantity])).toEqual([['active', 3]]);
  });

  it.each(cases)('on buy-and-retire: %s', async (_name, extra, message) => {
    const { cookie, user } = await signUp(t.app);
    const response = await postJson(t.app, '/api/credits/purchase', {
      projectId: guatemala.id, quantity: 1, pricePerCredit: guatemala.pricePerCredit, retireImmediately: true, reason: 'r', ...extra,
    }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await myCredits(t.app, cookie)).toEqual([]);
    expect((await getAs(t.app, '/api/auth/user', cookie)).json().cashBalance).toBe(user.cashBalance);
  });

  it('buy-and-retire with a good claim puts it on the certificate', async () => {
    const { cookie } = await signUp(t.app);
    const bought = await buyCredits(t.app, cookie, guatemala, 2, { retireImmediately: true, reason: 'CORSIA offsetting', claim: { ...CLAIM, purpose: 'corsia', subdivision: null } });
    const certificate = await certificateOf(bought.certificateId!);
    expect(certificate.claim).toMatchObject({ purpose: 'corsia', country: 'DE', subdivision: null });
    expect(certificate.digest).toBe(expectedDigest(certificate));
  });
});

describe('after a restart on the same data directory', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carbon-claims-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the claim, the frozen labels and the digest, and the seed leaves the labels as they were', async () => {
    const first = await createTestApp(ROOMY_RATE_LIMIT, { persistentDataDir: dataDir });
    const project = await findProject(first.app, 'Gazi Bay Mangrove Restoration');
    const { cookie } = await signUp(first.app);
    const bought = await buyCredits(first.app, cookie, project, 3);
    const { certificateId } = (await postJson(first.app, `/api/credits/${bought.credit.id}/retire`, { reason: 'r', quantity: 1, claim: CLAIM }, cookie)).json();
    const before = (await getAs(first.app, `/api/certificates/${certificateId}`)).json();
    await first.close();

    const second = await createTestApp(ROOMY_RATE_LIMIT, { persistentDataDir: dataDir });
    try {
      expect((await getAs(second.app, `/api/certificates/${certificateId}`)).json()).toEqual(before);
      expect((await findProject(second.app, project.name)).integrity).toEqual(project.integrity);
      const credits = (await getAs(second.app, '/api/credits/my', cookie)).json();
      expect(credits.map((credit: { integrity: unknown }) => credit.integrity)).toEqual([project.integrity, project.integrity]);
    } finally {
      await second.close();
    }
  });
});
