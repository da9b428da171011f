import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Project } from '@/shared/schemas/project';
import type { RegistryPage } from '@/shared/schemas/registry';
import { buyCredits, getAs, listProjects, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { retire } from '@tests/api/retirement/retirement-kit';
import { queryRows } from '@tests/api/trading/trading-kit';

let t: TestApp;
let projects: Project[];
/** Every certificate id, newest first, as SQL orders them. */
let expectedOrder: string[];
const retired: Array<{ certificateId: string; beneficiary: string; projectId: number; serialStart: number; serialEnd: number }> = [];

const page = async (query: string) => {
  const response = await getAs(t.app, `/api/registry/retirements?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RegistryPage;
};

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  projects = await listProjects(t.app);
  const beneficiaries = ['Acme Airlines', 'Northwind Logistics', 'Globex 100% Green'];
  for (const [index, beneficiary] of beneficiaries.entries()) {
    const { cookie } = await signUp(t.app, { firstName: 'Ada', companyName: beneficiary });
    for (const project of [projects[index], projects[5]]) {
      const { credit } = await buyCredits(t.app, cookie, project, 20);
      // Partial retirements of one lot: the lowest serials go first, so each certificate holds a known range.
      for (let part = 0; part < 4; part += 1) {
        const response = await retire(t.app, cookie, credit.id, { reason: `part ${part}`, quantity: 3 });
        const { certificateId } = response.json();
        retired.push({ certificateId, beneficiary, projectId: project.id, serialStart: credit.serialStart + part * 3, serialEnd: credit.serialStart + part * 3 + 2 });
      }
    }
  }
  expectedOrder = (await queryRows<{ id: string }>(t.deps, sql`select id from certificates order by retired_at desc, id desc`)).map((row) => row.id);
});
afterAll(() => t.close());

describe('GET /api/registry/retirements', () => {
  it('lists every retirement newest first over pages, with the total', async () => {
    expect(expectedOrder).toHaveLength(24);
    const seen: string[] = [];
    for (let number = 1; number <= 3; number += 1) {
      const result = await page(`page=${number}&pageSize=10`);
      expect(result).toMatchObject({ page: number, pageSize: 10, total: 24 });
      expect(result.retirements).toHaveLength(number < 3 ? 10 : 4);
      seen.push(...result.retirements.map((row) => row.certificateId));
    }
    expect(seen).toEqual(expectedOrder);
    expect((await page('page=4&pageSize=10')).retirements).toEqual([]);
    const first = (await page('')).retirements[0];
    expect(first).toMatchObject({ certificateId: expectedOrder[0], quantity: 3, claim: null });
    expect(first.certificateUrl).toMatch(new RegExp(`/certificates/${first.certificateId}$`));
  });

  it('searches by beneficiary (case-insensitive, % taken literally), project, serial and certificate id', async () => {
    const byBeneficiary = await page('q=northwind');
    expect(byBeneficiary.total).toBe(8);
    expect(byBeneficiary.retirements.every((row) => row.beneficiary === 'Northwind Logistics')).toBe(true);
    expect((await page(`q=${encodeURIComponent('100%')}`)).total).toBe(8);
    expect((await page(`q=${encodeURIComponent('0% G')}`)).total).toBe(8);
    expect((await page(`q=${encodeURIComponent('%')}`)).total).toBe(8);

    const byProjectName = await page(`q=${encodeURIComponent(projects[5].name.toUpperCase())}`);
    expect(byProjectName.total).toBe(12);
    expect((await page(`projectId=${projects[0].id}`)).total).toBe(4);

    const target = retired[5];
    const project = projects.find((p) => p.id === target.projectId)!;
    const serial = `${project.serialPrefix}-${String(target.serialStart + 1).padStart(6, '0')}`;
    const bySerial = await page(`q=${encodeURIComponent(serial.toLowerCase())}`);
    expect(bySerial.retirements.map((row) => row.certificateId)).toEqual([target.certificateId]);

    const byId = await page(`q=${target.certificateId.toLowerCase()}`);
    expect(byId.retirements.map((row) => row.certificateId)).toEqual([target.certificateId]);
    expect((await page('q=CERT-AAAAAAAAAAAAAAAA')).total).toBe(0);
    expect((await page('q=nobody%20at%20all')).retirements).toEqual([]);
  });

  it('downloads the same search as CSV', async () => {
    const response = await getAs(t.app, '/api/registry/retirements.csv?q=acme');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="carbonledger-registry-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\uFEFF'), 'byte-order mark').toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0].split(',').slice(0, 3)).toEqual(['certificate_id', 'retirement_date', 'beneficiary']);
    const acme = expectedOrder.filter((id) => retired.find((row) => row.certificateId === id)!.beneficiary === 'Acme Airlines');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(acme);
  });

  it.each([
    ['page=0', /page must be at least 1/],
    ['pageSize=1000', /pageSize must be at most 100/],
    ['page=abc', /page must be a number/],
    [`q=${'x'.repeat(201)}`, /q must be at most 200 characters/],
  ])('refuses %s with 400', async (query, message) => {
    const response = await getAs(t.app, `/api/registry/retirements?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });
});
