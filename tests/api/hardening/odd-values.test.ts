import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { createTestApp, signUp, SIGN_UP_PASSWORD, type TestApp } from '@tests/support/test-app';
import { buyCredits, findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { ledgerFingerprint } from '@tests/api/pools/ledger-fingerprint';
import { createPool, traderWithCredits } from '@tests/api/pools/pool-kit';

// Finding 1 and the strict parsing of finding 5: odd numbers in money fields, control characters in text fields
// and loosely written ids are each a 400 with a message, and change nothing.
let t: TestApp;
let kenya: Project;
let trader: { cookie: string; email: string };
let holdingId: number;
let poolId: number;
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  kenya = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
  const provider = await traderWithCredits(t.app, kenya, [150], 'Provider');
  poolId = (await createPool(t.app, provider.cookie, { projectId: kenya.id, creditReserve: 100, tokenReserve: '2400' })).pool.id;
  trader = await signUp(t.app, { firstName: 'Trader' });
  holdingId = (await buyCredits(t.app, trader.cookie, kenya, 20)).credit.id;
});
afterAll(async () => { await t?.close(); });

const ODD_AMOUNTS: Array<[string, string]> = [
  ['"Infinity"', '"Infinity"'], ['"-Infinity"', '"-Infinity"'], ['"NaN"', '"NaN"'], ['"1e308"', '"1e308"'], ['1e308', '1e308'],
  ['1e400', '1e400'], ['"1e3"', '"1e3"'], ['" 1.00"', '" 1.00"'], ['"1.00 "', '"1.00 "'], ['"0x10"', '"0x10"'], ['"+5"', '"+5"'],
  ['"1_000"', '"1_000"'], ['"\\u0000"', '"\\u0000"'], ['99999999999999999999', '99999999999999999999'],
];

/** Money fields of every state-changing body; the odd amount replaces the placeholder AMOUNT in the raw JSON. */
const MONEY_FIELDS = () => [
  { url: '/api/credits/purchase', body: `{"projectId":${kenya.id},"quantity":1,"pricePerCredit":AMOUNT}` },
  { url: '/api/trading/orders', body: `{"projectId":${kenya.id},"orderType":"buy","quantity":1,"pricePerCredit":AMOUNT}` },
  { url: '/api/trading/pools', body: `{"projectId":${kenya.id},"creditReserve":1,"tokenReserve":AMOUNT}` },
  { url: `/api/trading/pools/${poolId}/add-liquidity`, body: '{"creditAmount":1,"tokenAmount":AMOUNT}' },
  { url: '/api/trading/swap', body: `{"projectId":${kenya.id},"side":"buy","quantity":1,"maxAmountIn":AMOUNT}` },
  { url: '/api/trading/swap', body: `{"projectId":${kenya.id},"side":"sell","quantity":1,"minAmountOut":AMOUNT}` },
];

async function expectRefused(request: InjectOptions, message: RegExp = /./) {
  const before = await ledgerFingerprint(t.deps);
  const response = await t.app.inject(request);
  expect(response.statusCode, `${request.url} ${String(request.payload)}: ${response.body}`).toBe(400);
  expect(response.json().message).toMatch(message);
  expect(await ledgerFingerprint(t.deps)).toBe(before);
}

const rawJson = (url: string, payload: string, cookie?: string): InjectOptions =>
  ({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } });

describe('an odd amount in a money field', () => {
  it.each(ODD_AMOUNTS)('is a 400 for %s in every money field', async (_name, amount) => {
    for (const { url, body } of MONEY_FIELDS()) {
      await expectRefused(rawJson(url, body.replace('AMOUNT', amount), trader.cookie), /must be|expected/);
    }
  });
});

describe('a control character in a text field', () => {
  const CONTROLS = ['\u0000', '\u0007', '\u001b', '\n', '\u007f'];
  it.each(CONTROLS.map((c) => [JSON.stringify(c), c]))('is a 400 for %s in every text field (a line break is allowed in a reason)', async (_name, control) => {
    const text = `Ada${control}Lovelace`;
    const signUpBody = { email: 'odd@example.com', password: SIGN_UP_PASSWORD, firstName: 'Ada' };
    await expectRefused({ method: 'POST', url: '/api/auth/register', payload: { ...signUpBody, firstName: text } }, /First name must not contain control characters/);
    await expectRefused({ method: 'POST', url: '/api/auth/register', payload: { ...signUpBody, companyName: text } }, /Company name must not contain control characters/);
    await expectRefused({ method: 'POST', url: '/api/auth/register', payload: { ...signUpBody, email: `a${control}@example.com` } });
    await expectRefused({ method: 'POST', url: '/api/auth/login', payload: { email: `${trader.email}${control}`, password: SIGN_UP_PASSWORD } }, /email must not contain control characters/);
    const purchase = { projectId: kenya.id, quantity: 1, pricePerCredit: kenya.pricePerCredit, retireImmediately: true };
    await expectRefused({ method: 'POST', url: '/api/credits/purchase', payload: { ...purchase, beneficiary: text }, headers: { cookie: trader.cookie } }, /beneficiary must not contain/);
    const retire = `/api/credits/${holdingId}/retire`;
    if (control !== '\n') {
      await expectRefused({ method: 'POST', url: '/api/credits/purchase', payload: { ...purchase, reason: text }, headers: { cookie: trader.cookie } }, /reason must not contain/);
      await expectRefused({ method: 'POST', url: retire, payload: { reason: text }, headers: { cookie: trader.cookie } }, /reason must not contain/);
    }
    await expectRefused({ method: 'POST', url: retire, payload: { reason: 'Net zero', beneficiary: text }, headers: { cookie: trader.cookie } }, /beneficiary must not contain/);
    // Ids and names a client chooses or echoes: PostgreSQL cannot even compare a text holding NUL.
    const buy = { projectId: kenya.id, quantity: 1, pricePerCredit: kenya.pricePerCredit };
    await expectRefused({ method: 'POST', url: '/api/credits/purchase', payload: { ...buy, quoteId: `quo_${control}` }, headers: { cookie: trader.cookie } }, /quoteId must not contain/);
    await expectRefused({ method: 'POST', url: '/api/developers/keys', payload: { name: text, scopes: ['read'] }, headers: { cookie: trader.cookie } }, /name must not contain/);
    await expectRefused({ method: 'POST', url: '/api/developers/webhooks', payload: { url: `https://hooks.example.com/${control}x`, events: ['order.filled'] }, headers: { cookie: trader.cookie } }, /url must not contain/);
  });

  it.each([['a lone high surrogate', '\ud800'], ['a lone low surrogate', '\udfff'], ['reversed halves', '\udc00\ud800']])('is a 400 for %s in every text field', async (_name, half) => {
    const text = `Ada${half}Lovelace`;
    const signUpBody = { email: 'odd@example.com', password: SIGN_UP_PASSWORD, firstName: 'Ada' };
    await expectRefused({ method: 'POST', url: '/api/auth/register', payload: { ...signUpBody, firstName: text } }, /First name must be well-formed Unicode/);
    await expectRefused({ method: 'POST', url: '/api/auth/register', payload: { ...signUpBody, companyName: text } }, /Company name must be well-formed Unicode/);
    const purchase = { projectId: kenya.id, quantity: 1, pricePerCredit: kenya.pricePerCredit, retireImmediately: true };
    await expectRefused({ method: 'POST', url: '/api/credits/purchase', payload: { ...purchase, reason: text }, headers: { cookie: trader.cookie } }, /reason must be well-formed/);
    await expectRefused({ method: 'POST', url: '/api/credits/purchase', payload: { ...purchase, beneficiary: text }, headers: { cookie: trader.cookie } }, /beneficiary must be well-formed/);
    const retire = `/api/credits/${holdingId}/retire`;
    await expectRefused({ method: 'POST', url: retire, payload: { reason: text }, headers: { cookie: trader.cookie } }, /reason must be well-formed/);
    await expectRefused({ method: 'POST', url: retire, payload: { reason: 'Net zero', beneficiary: text }, headers: { cookie: trader.cookie } }, /beneficiary must be well-formed/);
  });

  it('still accepts accents, emoji and other scripts', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/auth/register', payload: { email: 'zoe@example.com', password: SIGN_UP_PASSWORD, firstName: 'Zoë 🌳 佐藤', companyName: 'Ørsted A/S' },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('a loosely written id or number', () => {
  it.each(['0x1', '%201', '1%20', '1e0', '+1', '01', '1.0', '0', '-1', '2147483648', '99999999999999999999'])('is a 400 for pool id %s', async (id) => {
    await expectRefused(rawJson(`/api/trading/pools/${id.replace(/^0x1$/, `0x${poolId.toString(16)}`)}/add-liquidity`, '{"creditAmount":1,"tokenAmount":"24"}', trader.cookie), /id must be/);
    await expectRefused(rawJson(`/api/credits/${id}/retire`, '{"reason":"Net zero"}', trader.cookie), /id must be/);
  });

  it('is a 400 for a quote quantity or book depth that is not plain digits', async () => {
    for (const url of [`/api/trading/pools/${kenya.id}/quote?side=buy&quantity=0x5`, `/api/trading/pools/${kenya.id}/quote?side=buy&quantity=%205`,
      `/api/trading/orderbook/${kenya.id}?depth=1e1`, `/api/trading/trades/${kenya.id}?limit=%2010`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(/must be a whole number written in digits/);
    }
  });

  it('accepts plain digits and the exact amounts it always did', async () => {
    const response = await t.app.inject(rawJson(`/api/trading/pools/${poolId}/add-liquidity`, '{"creditAmount":1,"tokenAmount":"24.00"}', trader.cookie));
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.app.inject(rawJson('/api/trading/orders', `{"projectId":${kenya.id},"orderType":"buy","quantity":1,"pricePerCredit":1.5}`, trader.cookie))).statusCode).toBe(201);
  });
});
