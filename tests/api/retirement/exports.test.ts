import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A minimal RFC 4180 parser for the assertions (quoted fields, doubled quotes, CRLF records) after the byte-order mark. */
function parseCsv(file: string): string[][] {
  expect(file.startsWith('\uFEFF'), 'byte-order mark').toBe(true);
  const text = file.slice(1);
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i += 1; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { record.push(field); field = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { record.push(field); records.push(record); record = []; field = ''; i += 1; }
    else field += c;
  }
  return records;
}

describe('ESG exports', () => {
  it("export the user's own retirements as CSV and JSON, safely quoted", async () => {
    const { cookie } = await signUp(t.app, { firstName: 'Ada', companyName: 'Acme, Inc.' });
    const other = await signUp(t.app);
    const mine = await buyCredits(t.app, cookie, projects[0], 5);
    const theirs = await buyCredits(t.app, other.cookie, projects[0], 1);
    // Reasons may not hold line breaks since #13 (control characters are refused); commas and quotes still need quoting.
    const reason = '=HYPERLINK("http://evil.example","click")';
    const { certificateId } = (await retire(t.app, cookie, mine.credit.id, { reason, quantity: 2 })).json();
    await retire(t.app, other.cookie, theirs.credit.id, { reason: 'not in my export' });

    const csv = await get('/api/exports/retirements.csv', cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="carbonledger-retirements-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.endsWith('\r\n')).toBe(true);
    const [header, ...records] = parseCsv(csv.body);
    expect(header).toEqual([
      'certificate_id', 'retirement_date', 'beneficiary', 'reason', 'project_name', 'standard', 'project_type', 'country',
      'vintage_year', 'quantity_tco2e', 'serial_start', 'serial_end', 'serial_range', 'chain_tx_hash', 'digest_sha256', 'verified', 'certificate_url',
      'claim_purpose', 'claim_period_start', 'claim_period_end', 'claim_country', 'claim_subdivision',
      'category', 'ccp_label', 'corsia', 'article6', 'corresponding_adjustment', 'buffer_pool_percent', 'rating', 'rating_on_watch', 'labels_demo_data',
      'content_version',
    ]);
    expect(records).toHaveLength(1);
    const row = Object.fromEntries(header.map((name, i) => [name, records[0][i]]));
    expect(row).toMatchObject({
      certificate_id: certificateId, beneficiary: 'Acme, Inc.', reason: `'${reason}`, project_name: projects[0].name, standard: 'Verra VCS',
      quantity_tco2e: '2', serial_start: `${projects[0].serialPrefix}-${String(mine.credit.serialStart).padStart(6, '0')}`, chain_tx_hash: '', verified: 'true',
    });
    expect(csv.body).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');

    const json = await get('/api/exports/retirements.json', cookie);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const body = json.json();
    expect(body).toMatchObject({ unit: 'tCO2e', count: 1 });
    expect(body.retirements[0]).toMatchObject({ certificateId, reason, beneficiary: 'Acme, Inc.', quantityTonnes: 2, chainTxHash: null, verified: true });
  });

  it("export the user's transactions as CSV and JSON", async () => {
    const { cookie } = await signUp(t.app);
    const { credit } = await buyCredits(t.app, cookie, projects[1], 2);
    await retire(t.app, cookie, credit.id, { reason: 'tx export' });
    const csv = parseCsv((await get('/api/exports/transactions.csv', cookie)).body);
    expect(csv[0]).toEqual(['transaction_id', 'date', 'type', 'project_id', 'project_name', 'quantity_tco2e', 'total_usd', 'fee_usd', 'certificate_id']);
    expect(csv.slice(1).map((row) => row[2]).sort()).toEqual(['purchase', 'retirement']);
    const json = (await get('/api/exports/transactions.json', cookie)).json();
    expect(json).toMatchObject({ currency: 'USD', count: 2 });
    expect(json.transactions.map((row: { type: string }) => row.type).sort()).toEqual(['purchase', 'retirement']);
  });

  it('need a signed-in user', async () => {
    for (const url of ['/api/exports/retirements.csv', '/api/exports/retirements.json', '/api/exports/transactions.csv', '/api/exports/transactions.json']) {
      expect((await get(url)).statusCode).toBe(401);
    }
  });
});
