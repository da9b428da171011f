import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { listProjects, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { cashOf, queryRows } from '@tests/api/trading/trading-kit';
import type { Project } from '@/shared/schemas/project';

let t: TestApp;
let project: Project;
let nowMs = Date.parse('2026-11-24T10:00:00Z');
beforeAll(async () => {
  // The app's clock: the tests move it past a quote's expiry.
  t = await createTestApp(ROOMY_RATE_LIMIT, { clock: () => new Date(nowMs) });
  project = (await listProjects(t.app)).find((candidate) => candidate.availableCredits > 1000)!;
});
afterAll(async () => { await t?.close(); });

const quote = (cookie: string, body: object) => postJson(t.app, '/api/quotes', body, cookie);
const buy = (cookie: string, body: object) => postJson(t.app, '/api/credits/purchase', body, cookie);
const setPrice = (cents: bigint) => t.deps.db.execute(sql`update projects set price_cents = ${cents.toString()}::bigint where id = ${project.id}`);

describe('POST /api/quotes', () => {
  it('quotes tonnes, unit price, fee, total and a 60 s expiry', async () => {
    const { cookie } = await signUp(t.app);
    const response = await quote(cookie, { projectId: project.id, quantity: 3 });
    expect(response.statusCode, response.body).toBe(201);
    const cents = Math.round(Number(project.pricePerCredit) * 100) * 3;
    const fee = Math.floor((cents * 2 + 50) / 100);
    expect(response.json()).toMatchObject({
      id: expect.stringMatching(/^quo_/), projectId: project.id, quantity: 3, pricePerCredit: project.pricePerCredit,
      subtotal: (cents / 100).toFixed(2), fee: (fee / 100).toFixed(2), total: ((cents + fee) / 100).toFixed(2),
      expiresAt: new Date(nowMs + 60_000).toISOString(),
    });
  });

  it('buys the most whole tonnes whose total including the fee fits a budget', async () => {
    const { cookie } = await signUp(t.app);
    await setPrice(1000n);
    // 9 t: 90.00 + 1.80 = 91.80 fits 100.00; 10 t: 102.00 does not.
    expect((await quote(cookie, { projectId: project.id, amountUsd: '100.00' })).json()).toMatchObject({ quantity: 9, total: '91.80' });
    expect((await quote(cookie, { projectId: project.id, amountUsd: '102.00' })).json()).toMatchObject({ quantity: 10, total: '102.00' });
    const tooSmall = await quote(cookie, { projectId: project.id, amountUsd: '10.19' });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json().message).toMatch(/budget/);
  });

  it('refuses bad input with 4xx and a message', async () => {
    const { cookie } = await signUp(t.app);
    expect((await quote(cookie, { projectId: project.id })).statusCode).toBe(400);
    expect((await quote(cookie, { projectId: project.id, quantity: 1, amountUsd: '5.00' })).statusCode).toBe(400);
    expect((await quote(cookie, { projectId: 999_999, quantity: 1 })).statusCode).toBe(404);
    expect((await quote(undefined as unknown as string, { projectId: project.id, quantity: 1 })).statusCode).toBe(401);
  });
});

describe('a purchase with quoteId', () => {
  it('pays the quoted price after the list price changed, once', async () => {
    const { cookie, user } = await signUp(t.app);
    await setPrice(1000n);
    const held = (await quote(cookie, { projectId: project.id, quantity: 2 })).json();
    await setPrice(1500n);
    nowMs += 59_000;
    const body = { projectId: project.id, quantity: 2, pricePerCredit: '10.00', quoteId: held.id };
    const bought = await buy(cookie, body);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json()).toMatchObject({ total: '20.40', credit: { purchasePrice: '10.00' } });
    expect(await cashOf(t.deps, user.id)).toBe(5_000_000n - 2040n);
    const again = await buy(cookie, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already used/);
    // Without the quote, the old price is refused as before.
    expect((await buy(cookie, { projectId: project.id, quantity: 2, pricePerCredit: '10.00' })).statusCode).toBe(409);
  });

  it('refuses an expired quote with 409 and charges nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    await setPrice(1000n);
    const held = (await quote(cookie, { projectId: project.id, quantity: 1 })).json();
    nowMs += 60_000;
    const expired = await buy(cookie, { projectId: project.id, quantity: 1, pricePerCredit: '10.00', quoteId: held.id });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);
    expect(await cashOf(t.deps, user.id)).toBe(5_000_000n);
  });

  it('refuses an unknown quote, another user\'s quote (404) and a purchase that does not match it (409)', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    await setPrice(1000n);
    const held = (await quote(alice.cookie, { projectId: project.id, quantity: 1 })).json();
    const body = { projectId: project.id, quantity: 1, pricePerCredit: '10.00' };
    expect((await buy(alice.cookie, { ...body, quoteId: 'quo_unknown' })).statusCode).toBe(404);
    expect((await buy(bob.cookie, { ...body, quoteId: held.id })).statusCode).toBe(404);
    const mismatch = await buy(alice.cookie, { ...body, quantity: 2, quoteId: held.id });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().message).toMatch(/does not match/);
    expect(await queryRows(t.deps, sql`select id from holdings where user_id in (${alice.user.id}, ${bob.user.id})`)).toHaveLength(0);
  });
});
