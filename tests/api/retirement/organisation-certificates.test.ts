import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '@/server/db/schema';
import type { Certificate, VerifyResponse } from '@/shared/schemas/certificate';
import type { RegistryPage } from '@/shared/schemas/registry';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, getAs, listProjects, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { pdfText } from '@tests/support/pdf-text';
import { activate, memberWithRole } from '@tests/api/organisations/organisation-kit';
import { expectedDigest, retire } from './retirement-kit';

// Issue 30, item 1: a certificate reads "retired by <organisation> on behalf of <beneficiary>" for an organisation
// (legal name when set) and keeps the name the organisation had at retirement; a person's own one reads as before.

let t: TestApp;
let projects: Project[];
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  projects = await listProjects(t.app);
});
afterAll(() => t.close());

const getJson = async (id: string) => (await getAs(t.app, `/api/certificates/${id}`)).json() as Certificate;
const html = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/certificates/${id}/html` })).body;
/** The PDF's text on one line: the lead sentence wraps wherever the page width puts it. */
const pdf = async (id: string) => (await pdfText((await t.app.inject({ method: 'GET', url: `/api/certificates/${id}/pdf` })).rawPayload)).replace(/\s+/g, ' ');
const patch = (url: string, payload: object, cookie: string) => t.app.inject({ method: 'PATCH', url, payload, headers: { cookie } });

async function organisation(cookie: string, body: { name: string; legalName?: string }): Promise<number> {
  const created = await postJson(t.app, '/api/organisations', { country: 'DE', ...body }, cookie);
  expect(created.statusCode).toBe(201);
  const { id } = created.json() as { id: number };
  await activate(t.app, cookie, id);
  return id;
}

/** Buys and retires 3 tonnes as whatever the cookie's session acts for; answers the certificate id. */
async function buyAndRetire(cookie: string, payload: Record<string, unknown> = {}): Promise<string> {
  const { credit } = await buyCredits(t.app, cookie, projects[0], 5);
  const response = await retire(t.app, cookie, credit.id, { reason: 'Scope 3 travel', quantity: 3, ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().certificateId as string;
}

describe('a certificate of an organisation with a legal name', () => {
  let certificateId: string;
  let organisationId: number;
  let owner: { cookie: string };
  beforeAll(async () => {
    owner = await signUp(t.app, { firstName: 'Ada', companyName: 'Ada Personal' });
    organisationId = await organisation(owner.cookie, { name: 'Acme', legalName: 'Acme Carbon GmbH' });
    certificateId = await buyAndRetire(owner.cookie, { beneficiary: 'Client B' });
  });

  it('names the organisation by its legal name in the JSON, and the digest is unchanged by it', async () => {
    const json = await getJson(certificateId);
    expect(json).toMatchObject({ certificateId, retiredByOrganisation: 'Acme Carbon GmbH', beneficiary: 'Client B', verified: true });
    expect(json.digest).toBe(expectedDigest(json));
  });

  it('reads "retired by <organisation> on behalf of <beneficiary>" in the HTML and PDF documents', async () => {
    const page = await html(certificateId);
    expect(page).toContain('permanently retired by <strong>Acme Carbon GmbH</strong> on behalf of <strong>Client B</strong> on ');
    expect(page).toContain('<th scope="row">Retired by</th><td>Acme Carbon GmbH</td>');
    const text = await pdf(certificateId);
    expect(text).toContain('permanently retired by Acme Carbon GmbH on behalf of Client B on');
    expect(text).toContain('Retired by Acme Carbon GmbH');
  });

  it('keeps the name it had at retirement after the organisation is renamed', async () => {
    const renamed = await patch('/api/organisation', { name: 'Acme Renamed', legalName: 'Acme Renamed AG' }, owner.cookie);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await getJson(certificateId)).retiredByOrganisation).toBe('Acme Carbon GmbH');
    expect(await html(certificateId)).not.toContain('Acme Renamed');
    // A retirement after the rename carries the new name.
    const later = await buyAndRetire(owner.cookie, { beneficiary: 'Client C' });
    expect((await getJson(later)).retiredByOrganisation).toBe('Acme Renamed AG');
  });

  it('is named on the verify answer and in the public registry, which finds it by the organisation', async () => {
    const verify = (await getAs(t.app, `/api/verify?query=${certificateId}`)).json() as VerifyResponse;
    expect(verify.message).toBe('These credits are permanently retired by Acme Carbon GmbH on behalf of Client B');
    expect(verify.certificate?.retiredByOrganisation).toBe('Acme Carbon GmbH');
    const registry = (await getAs(t.app, '/api/registry/retirements?q=Carbon%20GmbH')).json() as RegistryPage;
    expect(registry.retirements.map((row) => [row.certificateId, row.retiredByOrganisation])).toEqual([[certificateId, 'Acme Carbon GmbH']]);
    const csv = (await getAs(t.app, '/api/registry/retirements.csv?q=Carbon%20GmbH')).body.slice(1).trimEnd().split('\r\n').map((line) => line.split(','));
    expect(csv.map((cells) => cells.slice(0, 4))).toEqual([
      ['certificate_id', 'retirement_date', 'beneficiary', 'retired_by_organisation'],
      [certificateId, expect.any(String), 'Client B', 'Acme Carbon GmbH'],
    ]);
  });

  it('records the organisation\'s account as the one that retired', async () => {
    const [row] = await t.deps.db.select({ userId: certificates.userId }).from(certificates).where(eq(certificates.id, certificateId));
    expect(row.userId).toBe(organisationId);
  });
});

describe('a shared organisation without a legal name', () => {
  it('is not named while it has one member, and is named by its name once it has two', async () => {
    const owner = await signUp(t.app, { firstName: 'Bo' });
    const id = await organisation(owner.cookie, { name: 'Solo Trading' });
    const alone = await buyAndRetire(owner.cookie);
    expect((await getJson(alone)).retiredByOrganisation).toBeNull();
    const retirer = await memberWithRole(t.app, owner.cookie, id, 'retirer');
    const { credit } = await buyCredits(t.app, owner.cookie, projects[0], 2);
    const response = await retire(t.app, retirer.cookie, credit.id, { reason: 'Team retirement' });
    expect(response.statusCode, response.body).toBe(201);
    const json = await getJson(response.json().certificateId as string);
    expect(json).toMatchObject({ retiredByOrganisation: 'Solo Trading', beneficiary: 'Solo Trading' });
    expect(await html(json.certificateId)).toContain('permanently retired by <strong>Solo Trading</strong> on behalf of <strong>Solo Trading</strong>');
  });
});

describe('a person\'s own organisation of one', () => {
  it('reads as before organisations: "retired on behalf of <beneficiary>", with no retired-by row', async () => {
    const person = await signUp(t.app, { firstName: 'Cy', companyName: 'Northwind' });
    const certificateId = await buyAndRetire(person.cookie);
    const json = await getJson(certificateId);
    expect(json).toMatchObject({ retiredByOrganisation: null, beneficiary: 'Northwind' });
    const page = await html(certificateId);
    expect(page).toContain('permanently retired on behalf of <strong>Northwind</strong> on ');
    expect(page).not.toContain('Retired by');
    const text = await pdf(certificateId);
    expect(text).toContain('permanently retired on behalf of Northwind on');
    expect(text).not.toContain('Retired by');
    const verify = (await getAs(t.app, `/api/verify?query=${certificateId}`)).json() as VerifyResponse;
    expect(verify.message).toBe('These credits are permanently retired on behalf of Northwind');
  });

  it('is named by its legal name once it has one', async () => {
    const person = await signUp(t.app, { firstName: 'Di' });
    const updated = await patch('/api/organisation', { legalName: 'Di Consulting Ltd' }, person.cookie);
    expect(updated.statusCode, updated.body).toBe(200);
    const json = await getJson(await buyAndRetire(person.cookie));
    expect(json).toMatchObject({ retiredByOrganisation: 'Di Consulting Ltd', beneficiary: 'Di' });
  });
});
