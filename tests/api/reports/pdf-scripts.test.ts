import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, findProject, getAs, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { pdfFonts, pdfText } from '@tests/support/pdf-text';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { retire } from '@tests/api/retirement/retirement-kit';

// Issue item 9: every PDF printed `?` for text outside Windows-1252 and embedded no fonts.
const BENEFICIARY = 'Łódź – Москва – Ελλάς 東京電力';
const COMPANY = 'Ελλάς Москва 東京 Łódź GmbH';
const YEAR = new Date().getUTCFullYear();

let t: TestApp;
let cookie: string;
let certificateId: string;

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  ({ cookie } = await signUp(t.app, { firstName: 'Zoë', companyName: COMPANY }));
  const { credit } = await buyCredits(t.app, cookie, await findProject(t.app, 'Gazi Bay Mangrove Restoration'), 3);
  const retired = await retire(t.app, cookie, credit.id, { reason: 'Net zero — 2026 目標', quantity: 1, beneficiary: BENEFICIARY });
  expect(retired.statusCode).toBe(201);
  certificateId = retired.json().certificateId;
});
afterAll(() => t.close());

const documents = (): Record<string, readonly [url: string, expected: readonly string[]]> => ({
  'certificate': [`/api/certificates/${certificateId}/pdf`, [BENEFICIARY, '1 tonne CO2e of verified', 'Quantity 1 tonne CO2e']],
  'annual statement': [`/api/reports/retirement-statement.pdf?year=${YEAR}`, [BENEFICIARY, COMPANY, '1 certificate ·', '1 tonne CO2e retired']],
  'ESRS E1-7': [`/api/reports/esrs-e1-7.pdf?from=${YEAR}-01-01&to=${YEAR}-12-31`, [COMPANY, 'Credits cancelled (retired) 1 tonne CO2e', 'Retirement certificates 1 certificate']],
});

describe('every PDF prints Latin, Greek, Cyrillic and CJK text in embedded, subset fonts', () => {
  it.each(['certificate', 'annual statement', 'ESRS E1-7'])('%s', async (name) => {
    const [url, expected] = documents()[name];
    const response = await getAs(t.app, url, cookie);
    expect(response.statusCode, name).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
    for (const line of expected) expect(text, `${name}: ${line}`).toContain(line);
    expect(text, name).not.toContain('?');
    const fonts = pdfFonts(response.rawPayload);
    expect(fonts.length, name).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.embedded, `${name}: ${font.baseFont} embedded`).toBe(true);
      expect(font.baseFont, `${name}: ${font.baseFont} is a subset`).toMatch(/^[A-Z]{6}\+/);
    }
    // The CJK characters come from the CJK face, the rest from Noto Sans.
    const faces = fonts.map((font) => font.baseFont.slice(7));
    expect(faces, name).toContain('NotoSans-Regular');
    expect(faces, name).toContain('NotoSansJP-Regular');
  });

  it('the ESRS PDF prints labels, not the CSV machine keys', async () => {
    const text = await pdfText((await getAs(t.app, `/api/reports/esrs-e1-7.pdf?from=${YEAR}-01-01&to=${YEAR}-12-31`, cookie)).rawPayload);
    expect(text).not.toMatch(/[a-z]+_[a-z]+/);
    expect(text).toContain('1 tonne CO2e');
  });
});
