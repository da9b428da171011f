import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, findProject, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

// Issue 27, item 2: text in a query string or a path follows the rule of text in a body (no control characters,
// well-formed Unicode), so `GET /api/registry/retirements?q=%00` is a 400, not a 500 from the database.
let t: TestApp;
let cookie: string;
let certificateId: string;
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  ({ cookie } = await signUp(t.app));
  const project = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
  const { credit } = await buyCredits(t.app, cookie, project, 3);
  const retired = await postJson(t.app, `/api/credits/${credit.id}/retire`, { reason: 'Net zero', quantity: 1 }, cookie);
  certificateId = retired.json().certificateId;
});
afterAll(async () => { await t?.close(); });

// Percent-encoded as a client would send them: C0 controls and DEL.
const ODD_TEXT: Array<[string, string]> = [
  ['NUL', '%00'], ['BEL', '%07'], ['ESC', '%1B'], ['DEL', '%7F'], ['NUL inside words', 'Ada%00Lovelace'],
];
// UTF-8 that has no Unicode text (a surrogate's three bytes, a stray continuation byte): the query-string parser keeps
// such a value as the literal percent text, the router refuses such a path; neither may reach the database as a 500.
const MALFORMED_UTF8: Array<[string, string]> = [['an encoded lone surrogate', '%ED%A0%80'], ['a stray continuation byte', '%80']];

/** Every query-string and path text field of a GET route; ODD replaces the field's value. */
const TEXT_FIELDS = () => [
  '/api/registry/retirements?q=ODD',
  '/api/registry/retirements.csv?q=ODD',
  '/api/verify?query=ODD',
  `/api/verify?query=${certificateId}&digest=ODD`,
  '/api/certificates/ODD',
  '/api/certificates/ODD/html',
  '/api/certificates/ODD/pdf',
  '/api/certificates/ODD/qr.png',
  '/api/reports/cdp-c11-2a.csv?from=ODD&to=2030-01-01',
  '/api/reports/esrs-e1-7.csv?from=2020-01-01&to=ODD',
  '/api/reports/retirement-statement.pdf?year=ODD',
  '/api/trading/price-history/1?interval=ODD',
  '/api/trading/pools/1/quote?side=ODD&quantity=1',
  '/api/chain/tx/ODD',
];

describe('a control character or malformed Unicode in a query string or a path', () => {
  it.each(ODD_TEXT)('is a 4xx with a message for %s, never a 500', async (_name, odd) => {
    for (const template of TEXT_FIELDS()) {
      const url = template.replace('ODD', odd);
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, `${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      expect(response.json(), url).toHaveProperty('message');
    }
  });

  it.each(MALFORMED_UTF8)('is never a 500 for %s', async (_name, odd) => {
    for (const template of TEXT_FIELDS()) {
      const url = template.replace('ODD', odd);
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
    }
  });

  it.each(ODD_TEXT)('is a 400 that names the field for %s in the registry search and verification', async (_name, odd) => {
    for (const [url, field] of [
      [`/api/registry/retirements?q=${odd}`, 'q'], [`/api/registry/retirements.csv?q=${odd}`, 'q'],
      [`/api/verify?query=${odd}`, 'query'], [`/api/verify?query=${certificateId}&digest=${odd}`, 'digest'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().message, url).toMatch(new RegExp(`${field} must (not contain control characters|be well-formed Unicode)`));
    }
  });

  it('still finds text with accents, emoji and other scripts, and keeps ordinary searches working', async () => {
    for (const q of ['Zo%C3%AB', '%F0%9F%8C%B3', '%E4%BD%90%E8%97%A4', 'Gazi']) {
      expect((await t.app.inject(`/api/registry/retirements?q=${q}`)).statusCode, q).toBe(200);
      expect((await t.app.inject(`/api/registry/retirements.csv?q=${q}`)).statusCode, q).toBe(200);
    }
    const found = await t.app.inject(`/api/verify?query=${certificateId}`);
    expect(found.json()).toMatchObject({ found: true, kind: 'certificate' });
    expect((await t.app.inject(`/api/certificates/${certificateId}`)).statusCode).toBe(200);
  });
});
