import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, findProject, getAs, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { retire } from '@tests/api/retirement/retirement-kit';

// Issue item 9: the CSVs had no byte-order mark though they hold "–", so Excel read them as ANSI and garbled them.
// Every CSV endpoint is found in /api/docs/json, so a new one is checked without being listed here.
const YEAR = new Date().getUTCFullYear();
const QUERY_VALUES: Record<string, string> = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31`, year: String(YEAR) };
const BENEFICIARY = 'Łódź – Москва – Ελλάς 東京電力';

let t: TestApp;
let cookie: string;
let csvPaths: string[];

interface OpenApiOperation { parameters?: Array<{ in: string; name: string; required?: boolean }>; responses: Record<string, { content?: Record<string, unknown> }> }

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  ({ cookie } = await signUp(t.app, { firstName: 'Zoë' }));
  const { credit } = await buyCredits(t.app, cookie, await findProject(t.app, 'Gazi Bay Mangrove Restoration'), 3);
  expect((await retire(t.app, cookie, credit.id, { reason: 'Net zero', quantity: 1, beneficiary: BENEFICIARY })).statusCode).toBe(201);
  const document = (await getAs(t.app, '/api/docs/json')).json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  csvPaths = Object.entries(document.paths).flatMap(([path, operations]) => Object.values(operations)
    .filter((operation) => Object.keys(operation.responses?.['200']?.content ?? {}).some((type) => type.startsWith('text/csv')))
    .map((operation) => {
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => `${parameter.name}=${encodeURIComponent(QUERY_VALUES[parameter.name] ?? 'unknown')}`);
      return `${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
    }));
});
afterAll(() => t.close());

describe('every CSV the API serves', () => {
  it('is found in the OpenAPI document (the known five at least)', () => {
    for (const known of ['/api/exports/retirements.csv', '/api/exports/transactions.csv', '/api/registry/retirements.csv', '/api/reports/cdp-c11-2a.csv', '/api/reports/esrs-e1-7.csv']) {
      expect(csvPaths.map((path) => path.split('?')[0])).toContain(known);
    }
  });

  it('starts with the UTF-8 byte-order mark, says charset=utf-8 and keeps non-Latin text intact', async () => {
    for (const path of csvPaths) {
      const response = await getAs(t.app, path, cookie);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type'], path).toBe('text/csv; charset=utf-8');
      expect([...response.rawPayload.subarray(0, 3)], path).toEqual([0xef, 0xbb, 0xbf]);
      // Exactly one mark: the header row follows it directly.
      expect(response.rawPayload.toString('utf8').slice(1, 2), path).toMatch(/[a-z]/);
    }
    const registry = (await getAs(t.app, '/api/registry/retirements.csv')).rawPayload.toString('utf8');
    expect(registry).toContain(BENEFICIARY);
  });
});
