import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheckedApp, createTestApp, SIGN_UP_PASSWORD, signUp, type TestApp } from '@tests/support/test-app';
import { ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

// Finding 3: the per-IP limit could be dodged by rotating X-Forwarded-For from loopback, and nothing limited
// guesses per account.
const login = (app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });

describe('proxy headers', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ loginRateLimitPerMinute: 3 }); });
  afterAll(async () => { await t?.close(); });

  it('are ignored by default: rotating X-Forwarded-For from loopback gives no fresh rate-limit bucket', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(t.app, `nobody${i}@example.com`, 'wrong', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('name the client when TRUST_PROXY lists the proxy', async () => {
    const trusting = await createTestApp({ loginRateLimitPerMinute: 3, trustProxy: '127.0.0.1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(trusting.app, `nobody${i}@example.com`, 'wrong', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    } finally {
      await trusting.close();
    }
  });
});

describe('per-account sign-in failure limit', () => {
  let t: TestApp;
  // A second app instance on the same database whose clock runs 15 minutes ahead: the count is shared (it is in the
  // database) and the window ends for it.
  let later: FastifyInstance;
  let clockOffsetMs = 0;
  beforeAll(async () => {
    t = await createTestApp({ ...ROOMY_RATE_LIMIT, signInFailureLimit: { maxFailures: 10, windowMs: 15 * 60_000 } });
    later = await buildCheckedApp({ ...t.deps, clock: () => new Date(Date.now() + clockOffsetMs) }, { clientDist: '/nonexistent' });
    await later.ready();
  });
  afterAll(async () => { await later?.close(); await t?.close(); });

  async function tenFailures(app: FastifyInstance, email: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(app, email, `guess ${i}`, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    return statuses;
  }

  it('refuses the 11th attempt with 429 and Retry-After, even with the right password; unknown accounts look the same', async () => {
    const { email } = await signUp(t.app);
    const unknown = `unknown-${Date.now()}@example.com`;
    for (const account of [email, unknown]) expect(await tenFailures(t.app, account)).toEqual(Array(10).fill(401));
    const known = await login(t.app, email, SIGN_UP_PASSWORD);
    const stranger = await login(t.app, unknown, SIGN_UP_PASSWORD);
    for (const response of [known, stranger]) {
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toBe('Too many failed sign-in attempts for this account. Try again later.');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(600);
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(900);
    }
    // Case and spaces name the same account.
    expect((await login(t.app, ` ${email.toUpperCase()} `, SIGN_UP_PASSWORD)).statusCode).toBe(429);
    // Another instance on the same database refuses too, until the window has passed.
    expect((await login(later, email, SIGN_UP_PASSWORD)).statusCode).toBe(429);
    clockOffsetMs = 15 * 60_000 + 1000;
    expect((await login(later, email, SIGN_UP_PASSWORD)).statusCode).toBe(200);
    clockOffsetMs = 0;
  });

  it('starts counting again after a successful sign-in', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < 9; i++) expect((await login(t.app, email, `guess ${i}`)).statusCode).toBe(401);
    expect((await login(t.app, email, SIGN_UP_PASSWORD)).statusCode).toBe(200);
    expect(await tenFailures(t.app, email)).toEqual(Array(10).fill(401));
    expect((await login(t.app, email, SIGN_UP_PASSWORD)).statusCode).toBe(429);
  });

  it('counts parallel guesses too', async () => {
    const { email } = await signUp(t.app);
    const responses = await Promise.all(Array.from({ length: 15 }, (_, i) => login(t.app, email, `parallel ${i}`)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
  });
});
