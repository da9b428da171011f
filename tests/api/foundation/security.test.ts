import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { createTestApp, SIGN_UP_PASSWORD, signUp, type TestApp } from '@tests/support/test-app';
import { getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

// Defences around the auth routes: CSRF origin check, JSON-only bodies, security headers, login rate limit.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(async () => { await t?.close(); });

let serial = 0;
const freshEmail = () => `guard${++serial}-${Date.now()}@example.com`;
const accountByEmail = (email: string) =>
  t.deps.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));

describe('request guard', () => {
  it('refuses a state-changing request from a foreign Origin (403) and changes nothing', async () => {
    const email = freshEmail();
    for (const origin of ['https://evil.example', 'null']) {
      const response = await postJson(t.app, '/api/auth/register', { email, password: 'longenough', firstName: 'Mallory' }, undefined, { origin });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-origin request refused' });
    }
    expect(await accountByEmail(email)).toHaveLength(0);
  });

  it('accepts the same request from its own origin', async () => {
    const response = await postJson(t.app, '/api/auth/register', { email: freshEmail(), password: 'longenough', firstName: 'Trent' }, undefined, {
      host: 'market.example', origin: 'http://market.example',
    });
    expect(response.statusCode).toBe(201);
  });

  it('accepts only JSON bodies (415 for text/plain and forms) and changes nothing', async () => {
    const email = freshEmail();
    const bodies = [
      { 'content-type': 'text/plain', payload: JSON.stringify({ email, password: 'longenough', firstName: 'Form' }) },
      { 'content-type': 'application/x-www-form-urlencoded', payload: `email=${encodeURIComponent(email)}&password=longenough&firstName=Form` },
      { 'content-type': 'multipart/form-data; boundary=x', payload: `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n--x--` },
    ];
    for (const body of bodies) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': body['content-type'] }, payload: body.payload });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toMatch(/Unsupported content type: send application\/json/);
    }
    expect(await accountByEmail(email)).toHaveLength(0);
  });

  it('sends helmet security headers on every response: the page policy on documents, the strict API policy on JSON', async () => {
    for (const url of ['/api/projects', '/api/auth/user', '/api/no-such-route']) {
      const { headers } = await getAs(t.app, url);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['strict-transport-security']).toMatch(/max-age=/);
    }
    for (const url of ['/', '/no-such-page', '/api/docs/']) {
      const { headers } = await getAs(t.app, url);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(headers['content-security-policy']).toMatch(/object-src 'none'/);
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves the catalogue pre-compressed to clients that accept it, identical once decoded', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/projects' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { 'accept-encoding': acceptEncoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString()).toBe(plain.body);
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });
});

describe('login rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => { limited = await createTestApp({ loginRateLimitPerMinute: 3 }); });
  afterAll(async () => { await limited?.close(); });

  const attempt = (password: string, email: string, from?: { remoteAddress: string; forwardedFor?: string }) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      ...(from ? { remoteAddress: from.remoteAddress, headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {} } : {}),
    });

  it('answers 429 from the 4th attempt in a minute, even with the right password, for that client only', async () => {
    const { email } = await signUp(limited.app);
    for (let i = 0; i < 3; i++) expect((await attempt('guess number ' + i, email)).statusCode).toBe(401);

    const fourth = await attempt(SIGN_UP_PASSWORD, email);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/Rate limit exceeded, retry in/);

    const elsewhere = await attempt(SIGN_UP_PASSWORD, email, { remoteAddress: '192.0.2.44' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('cannot be dodged by a client that forges X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await attempt('wrong password', 'nobody@example.com', { remoteAddress: '203.0.113.7', forwardedFor: `198.51.100.${i}` });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
