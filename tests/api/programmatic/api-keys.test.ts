import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, listProjects, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { queryRows } from '@tests/api/trading/trading-kit';
import type { Project } from '@/shared/schemas/project';

let t: TestApp;
let project: Project;
beforeAll(async () => {
  t = await createTestApp({ ...ROOMY_RATE_LIMIT, apiKeyRateLimitPerMinute: 5 });
  project = (await listProjects(t.app)).find((candidate) => candidate.availableCredits > 1000)!;
});
afterAll(async () => { await t?.close(); });

async function newKey(cookie: string, scopes: string[], name = 'Finance system') {
  const response = await t.app.inject({ method: 'POST', url: '/api/developers/keys', payload: { name, scopes }, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; secret: string; prefix: string; scopes: string[] };
}
const withKey = (secret: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${secret}`, ...headers } });
const purchaseBody = () => ({ projectId: project.id, quantity: 1, pricePerCredit: project.pricePerCredit });

describe('API keys', () => {
  it('creates a cl_live_ key shown once, stored only as a hash, and lists it without the secret', async () => {
    const { cookie, user } = await signUp(t.app);
    const created = await newKey(cookie, ['read', 'trade']);
    expect(created.secret).toMatch(/^cl_live_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/developers/keys', headers: { cookie } })).json();
    expect(listed).toEqual([expect.objectContaining({ id: created.id, prefix: created.prefix, scopes: ['read', 'trade'], lastUsedAt: null, revokedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const rows = await queryRows<Record<string, unknown>>(t.deps, sql`select * from api_keys where user_id = ${user.id}`);
    expect(JSON.stringify(rows)).not.toContain(created.secret.slice(created.prefix.length));
  });

  it('authenticates /api routes as the key\'s user, without cookies or an Origin check, and records the last use', async () => {
    const { cookie, user } = await signUp(t.app);
    const { secret, id } = await newKey(cookie, ['read', 'trade']);
    const me = await withKey(secret, 'GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    const bought = await withKey(secret, 'POST', '/api/credits/purchase', purchaseBody(), { origin: 'https://elsewhere.example' });
    expect(bought.statusCode, bought.body).toBe(201);
    const credits = (await withKey(secret, 'GET', '/api/credits/my')).json();
    expect(credits).toHaveLength(1);
    const [row] = await queryRows<{ last_used_at: unknown }>(t.deps, sql`select last_used_at from api_keys where id = ${id}`);
    expect(row.last_used_at).not.toBeNull();
  });

  it('answers 403 with a message when a scope is missing, and keeps key management to browser sessions', async () => {
    const { cookie } = await signUp(t.app);
    const readOnly = await newKey(cookie, ['read']);
    const refused = await withKey(readOnly.secret, 'POST', '/api/credits/purchase', purchaseBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/trade scope/);
    const trader = await newKey(cookie, ['trade']);
    expect((await withKey(trader.secret, 'GET', '/api/credits/my')).statusCode).toBe(403);
    const buyAndRetire = await withKey(trader.secret, 'POST', '/api/credits/purchase', { ...purchaseBody(), retireImmediately: true });
    expect(buyAndRetire.statusCode).toBe(403);
    expect(buyAndRetire.json().message).toMatch(/retire scope/);
    const minting = await withKey(trader.secret, 'POST', '/api/developers/keys', { name: 'more', scopes: ['read'] });
    expect(minting.statusCode).toBe(403);
  });

  it('retires with the retire scope', async () => {
    const { cookie } = await signUp(t.app);
    const bought = await buyCredits(t.app, cookie, project, 2);
    const { secret } = await newKey(cookie, ['retire']);
    const retired = await withKey(secret, 'POST', `/api/credits/${bought.credit.id}/retire`, { reason: 'Scope 3', quantity: 1 });
    expect(retired.statusCode, retired.body).toBe(201);
  });

  it('answers 401 for an unknown, malformed or revoked key, and nothing changes', async () => {
    const { cookie, user } = await signUp(t.app);
    const key = await newKey(cookie, ['read', 'trade']);
    expect((await withKey('cl_live_not-a-real-key', 'GET', '/api/credits/my')).statusCode).toBe(401);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/credits/purchase', payload: purchaseBody(), headers: { authorization: 'Basic abc', cookie } });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().message).toMatch(/Bearer/);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/developers/keys/${key.id}`, headers: { cookie } });
    expect(revoked.json().revokedAt).not.toBeNull();
    const after = await withKey(key.secret, 'POST', '/api/credits/purchase', purchaseBody());
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/revoked/);
    expect(await queryRows(t.deps, sql`select id from holdings where user_id = ${user.id}`)).toHaveLength(0);
  });

  it('hides another user\'s key (404 on revoke)', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const key = await newKey(alice.cookie, ['read']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/developers/keys/${key.id}`, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
  });

  it('limits each key per minute with 429 and Retry-After', async () => {
    const { cookie } = await signUp(t.app);
    const first = await newKey(cookie, ['read']);
    const second = await newKey(cookie, ['read']);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await withKey(first.secret, 'GET', '/api/credits/my')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await withKey(first.secret, 'GET', '/api/credits/my');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Rate limit/);
    expect((await withKey(second.secret, 'GET', '/api/credits/my')).statusCode).toBe(200);
  });

  it('refuses bad key requests with 400', async () => {
    const { cookie } = await signUp(t.app);
    const noScopes = await t.app.inject({ method: 'POST', url: '/api/developers/keys', payload: { name: 'x', scopes: [] }, headers: { cookie } });
    expect(noScopes.statusCode).toBe(400);
    const badScope = await t.app.inject({ method: 'POST', url: '/api/developers/keys', payload: { name: 'x', scopes: ['admin'] }, headers: { cookie } });
    expect(badScope.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/developers/keys', payload: { name: 'x', scopes: ['read'] } })).statusCode).toBe(401);
  });
});
