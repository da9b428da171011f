import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { getAs, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

// Finding 4: another site could end a user's session with a plain link to GET /api/logout.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(async () => { await t?.close(); });

const signedIn = async (cookie: string) => (await getAs(t.app, '/api/auth/user', cookie)).statusCode === 200;
const logoutLink = (cookie: string, fetchSite?: string) =>
  t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}) } });

describe('GET /api/logout', () => {
  it.each(['cross-site', 'same-site'])('does nothing for a request the browser marks %s, and still lands on Home', async (fetchSite) => {
    const { cookie } = await signUp(t.app);
    const response = await logoutLink(cookie, fetchSite);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await signedIn(cookie)).toBe(true);
  });

  it.each([['same-origin'], ['none'], [undefined]])('signs out for Sec-Fetch-Site %s', async (fetchSite) => {
    const { cookie } = await signUp(t.app);
    const response = await logoutLink(cookie, fetchSite);
    expect(response.headers.location).toBe('/');
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=;/);
    expect(await signedIn(cookie)).toBe(false);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session and clears the cookie (204)', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: 'http://market.example', host: 'market.example' } });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=;/);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('is refused from another origin and keeps the session', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(await signedIn(cookie)).toBe(true);
  });

  it('answers 204 without a session too', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
  });
});
