import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { ledgerSnapshot } from './support';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

let t: TestApp;
let amazon: Project; // $18.50, 12,000 available
let scottish: Project; // $78.00: 700 t cost $54,600 + $1,092 fee = $55,692 > the $50,000 demo cash
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  amazon = await findProject(t.app, 'Amazon Rainforest Conservation');
  scottish = await findProject(t.app, 'Scottish Highlands Native Woodland');
});
afterAll(async () => { await t?.close(); });

interface BadInput {
  name: string;
  /** The request, without the buyer's cookie (added for every case). */
  request: () => InjectOptions;
  status: number;
  message: RegExp;
}

const json = (url: string, payload: unknown, headers: Record<string, string> = {}): InjectOptions =>
  ({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
const raw = (url: string, payload: string, contentType?: string): InjectOptions =>
  ({ method: 'POST', url, payload, headers: contentType ? { 'content-type': contentType } : {} });
const buy = (fields: Record<string, unknown>) =>
  json('/api/credits/purchase', { projectId: amazon.id, quantity: 3, pricePerCredit: amazon.pricePerCredit, ...fields });
const without = (field: string) => () => {
  const body = { projectId: amazon.id, quantity: 3, pricePerCredit: amazon.pricePerCredit } as Record<string, unknown>;
  delete body[field];
  return json('/api/credits/purchase', body);
};
const PURCHASE = '/api/credits/purchase';

const purchaseCases: BadInput[] = [
  { name: 'a negative quantity', request: () => buy({ quantity: -3 }), status: 400, message: /quantity must be at least 1/ },
  { name: 'a zero quantity', request: () => buy({ quantity: 0 }), status: 400, message: /quantity must be at least 1/ },
  { name: 'a fractional quantity', request: () => buy({ quantity: 2.5 }), status: 400, message: /quantity must be a whole number of tonnes/ },
  { name: 'a huge quantity (> 1e9)', request: () => buy({ quantity: 1e10 }), status: 400, message: /quantity must be at most 1000000000/ },
  { name: 'a quantity that overflows to Infinity', request: () => raw(PURCHASE, `{"projectId":${amazon.id},"quantity":1e400,"pricePerCredit":"18.50"}`, 'application/json'), status: 400, message: /quantity must be a number/ },
  { name: 'the quantity as a string "3"', request: () => buy({ quantity: '3' }), status: 400, message: /quantity must be a number/ },
  { name: 'the project id as a string', request: () => buy({ projectId: String(amazon.id) }), status: 400, message: /projectId must be a number/ },
  { name: 'a missing projectId', request: without('projectId'), status: 400, message: /projectId must be a number/ },
  { name: 'a missing quantity', request: without('quantity'), status: 400, message: /quantity must be a number/ },
  { name: 'a missing price', request: without('pricePerCredit'), status: 400, message: /price must be a number or a numeric string/ },
  { name: 'an extra field', request: () => buy({ discountPercent: 50 }), status: 400, message: /Unrecognized key: "discountPercent"/ },
  { name: 'null values', request: () => buy({ projectId: null, quantity: null, pricePerCredit: null }), status: 400, message: /projectId must be a number; quantity must be a number; pricePerCredit: price must be/ },
  { name: 'malformed JSON', request: () => raw(PURCHASE, `{"projectId": ${amazon.id}, "quantity": 3,`, 'application/json'), status: 400, message: /Malformed JSON/ },
  { name: 'an empty JSON body', request: () => raw(PURCHASE, '', 'application/json'), status: 400, message: /Request body is empty: send a JSON object/ },
  { name: 'no body at all', request: () => ({ method: 'POST', url: PURCHASE }), status: 400, message: /expected object/ },
  { name: 'a body that is an array', request: () => json(PURCHASE, [{ projectId: amazon.id, quantity: 3, pricePerCredit: '18.50' }]), status: 400, message: /expected object, received array/ },
  { name: 'a text/plain body', request: () => raw(PURCHASE, JSON.stringify({ projectId: amazon.id, quantity: 3, pricePerCredit: '18.50' }), 'text/plain'), status: 415, message: /Unsupported content type: send application\/json/ },
  { name: 'a form body', request: () => raw(PURCHASE, `projectId=${amazon.id}&quantity=3&pricePerCredit=18.50`, 'application/x-www-form-urlencoded'), status: 415, message: /Unsupported content type/ },
  { name: 'an unknown project', request: () => buy({ projectId: 999_999 }), status: 404, message: /Project 999999 not found/ },
  { name: 'a project id beyond the id range', request: () => buy({ projectId: 2 ** 31 }), status: 400, message: /projectId must be at most 2147483647/ },
  { name: 'a price with 3 decimals', request: () => buy({ pricePerCredit: '18.505' }), status: 400, message: /price must be a positive amount with at most 2 decimals/ },
  { name: 'a price of zero', request: () => buy({ pricePerCredit: 0 }), status: 400, message: /price must be greater than 0/ },
  { name: 'a negative price', request: () => buy({ pricePerCredit: '-18.50' }), status: 400, message: /price must be a positive amount/ },
  { name: 'a price that is not the current price', request: () => buy({ pricePerCredit: '17.00' }), status: 409, message: /The price changed: credits of this project now cost \$18\.50/ },
  { name: 'a quantity above availability', request: () => buy({ quantity: amazon.availableCredits + 1 }), status: 422, message: /Only 12000 credits are available for this project/ },
  { name: 'a total above the cash balance', request: () => buy({ projectId: scottish.id, quantity: 700, pricePerCredit: '78.00' }), status: 422, message: /Insufficient funds: your cash balance does not cover this purchase/ },
  { name: 'a foreign Origin', request: () => json(PURCHASE, { projectId: amazon.id, quantity: 3, pricePerCredit: '18.50' }, { origin: 'https://evil.example' }), status: 403, message: /Cross-origin request refused/ },
];

const REGISTER = '/api/auth/register';
const account = (fields: Record<string, unknown>) =>
  json(REGISTER, { email: 'newcomer@example.com', password: 'long enough', firstName: 'Newcomer', ...fields });

const registerCases: BadInput[] = [
  { name: 'an over-long company name', request: () => account({ companyName: 'C'.repeat(201) }), status: 400, message: /Company name must be at most 200 characters/ },
  { name: 'an over-long first name', request: () => account({ firstName: 'F'.repeat(101) }), status: 400, message: /First name must be at most 100 characters/ },
  { name: 'a blank first name', request: () => account({ firstName: '   ' }), status: 400, message: /First name is required/ },
  { name: 'an invalid e-mail', request: () => account({ email: 'newcomer.example.com' }), status: 400, message: /Enter a valid e-mail address/ },
  { name: 'a password shorter than 8 characters', request: () => account({ password: '1234567' }), status: 400, message: /^Password must be at least 8 characters$/ },
  { name: 'a missing password', request: () => json(REGISTER, { email: 'newcomer@example.com', firstName: 'Newcomer' }), status: 400, message: /password is required/ },
  { name: 'a self-granted cash balance', request: () => account({ cashBalance: '1000000.00' }), status: 400, message: /Unrecognized key: "cashBalance"/ },
  { name: 'malformed JSON', request: () => raw(REGISTER, '{"email": "newcomer@example.com"', 'application/json'), status: 400, message: /Malformed JSON/ },
  { name: 'a text/plain body', request: () => raw(REGISTER, '{}', 'text/plain'), status: 415, message: /Unsupported content type/ },
];

async function expectRefusedWithoutChange(bad: BadInput) {
  const buyer = await signUp(t.app);
  const before = await ledgerSnapshot(t.deps, buyer.user.id);
  const request = bad.request();

  const response = await t.app.inject({ ...request, headers: { ...request.headers, cookie: buyer.cookie } });

  expect(response.statusCode).toBe(bad.status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json().message).toMatch(bad.message);
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(await ledgerSnapshot(t.deps, buyer.user.id)).toEqual(before);
  expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: buyer.cookie } })).json().cashBalance).toBe('50000.00');
}

describe('POST /api/credits/purchase refuses, changing nothing,', () => {
  it.each(purchaseCases.map((bad) => [bad.name, bad] as const))('%s', (_name, bad) => expectRefusedWithoutChange(bad));

  it('and the catalogue still shows the full availability afterwards', async () => {
    expect((await findProject(t.app, amazon.name)).availableCredits).toBe(amazon.availableCredits);
    expect((await findProject(t.app, scottish.name)).availableCredits).toBe(scottish.availableCredits);
  });
});

describe('POST /api/auth/register refuses, creating no account,', () => {
  it.each(registerCases.map((bad) => [bad.name, bad] as const))('%s', (_name, bad) => expectRefusedWithoutChange(bad));
});
