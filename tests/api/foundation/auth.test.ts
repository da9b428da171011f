import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@/server/db/schema';
import { createTestApp, SIGN_UP_PASSWORD, signUp, type TestApp } from '@tests/support/test-app';
import { sessionCookie } from './support';
import { findProject, getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(async () => { await t?.close(); });

let serial = 0;
const freshEmail = () => `auth${++serial}-${Date.now()}@example.com`;
const userCount = async () => Number((await t.deps.db.select({ n: count() }).from(users))[0].n);
const accountByEmail = (email: string) =>
  t.deps.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));

describe('POST /api/auth/register', () => {
  it('creates the account with the demo cash and signs it in with an HttpOnly, SameSite=Lax cookie', async () => {
    const email = freshEmail();
    const response = await postJson(t.app, '/api/auth/register', { email, password: 'longenough', firstName: 'Grace', companyName: 'Hopper Ltd' });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email, firstName: 'Grace', companyName: 'Hopper Ltd', profileImageUrl: null, cashBalance: '50000.00' });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=[\w-]{20,};/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);

    const [row] = await accountByEmail(email);
    expect(row.cashCents).toBe(5_000_000n);
    expect(row.depositedCents).toBe(5_000_000n);
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('longenough');

    const me = await getAs(t.app, '/api/auth/user', sessionCookie(response.headers['set-cookie']));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(response.json());
  });

  it('stores a blank company name as none', async () => {
    const response = await postJson(t.app, '/api/auth/register', { email: freshEmail(), password: 'longenough', firstName: 'Solo', companyName: '  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json().companyName).toBeNull();
  });

  it('refuses an e-mail that is already taken, whatever its case (409)', async () => {
    const { email } = await signUp(t.app);
    const before = await userCount();

    const response = await postJson(t.app, '/api/auth/register', { email: email.toUpperCase(), password: 'another password', firstName: 'Eve' });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'An account with this e-mail already exists' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('refuses a password shorter than 8 characters (400)', async () => {
    const email = freshEmail();
    const response = await postJson(t.app, '/api/auth/register', { email, password: 'seven77', firstName: 'Bob' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Password must be at least 8 characters' });
    expect(await accountByEmail(email)).toHaveLength(0);
  });

  it('refuses a first name over 100 characters (400)', async () => {
    const email = freshEmail();
    const response = await postJson(t.app, '/api/auth/register', { email, password: 'longenough', firstName: 'N'.repeat(101) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/First name must be at most 100 characters/);
    expect(await accountByEmail(email)).toHaveLength(0);
  });
});

describe('POST /api/auth/login', () => {
  it('refuses a wrong password and an unknown e-mail with the same 401 message', async () => {
    const { email } = await signUp(t.app);
    const wrong = await postJson(t.app, '/api/auth/login', { email, password: 'not the password' });
    const unknown = await postJson(t.app, '/api/auth/login', { email: freshEmail(), password: SIGN_UP_PASSWORD });

    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid e-mail or password' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('signs in whatever the e-mail case and issues a new session id every time', async () => {
    const { email, cookie: registered, user } = await signUp(t.app);
    const first = await postJson(t.app, '/api/auth/login', { email: email.toUpperCase(), password: SIGN_UP_PASSWORD });
    const second = await postJson(t.app, '/api/auth/login', { email, password: SIGN_UP_PASSWORD });

    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: user.id, email });
    const ids = [registered, sessionCookie(first.headers['set-cookie']), sessionCookie(second.headers['set-cookie'])];
    expect(new Set(ids).size).toBe(3);
    for (const cookie of ids) expect((await getAs(t.app, '/api/auth/user', cookie)).statusCode).toBe(200);
  });

  it('drops the session it was sent with, so a planted session id is never promoted', async () => {
    const { email, cookie: planted } = await signUp(t.app);
    const response = await postJson(t.app, '/api/auth/login', { email, password: SIGN_UP_PASSWORD }, planted);

    expect(response.statusCode).toBe(200);
    expect(sessionCookie(response.headers['set-cookie'])).not.toBe(planted);
    expect((await getAs(t.app, '/api/auth/user', planted)).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('answers 401 on /api/auth/user when signed out or with an unknown session id', async () => {
    for (const cookie of [undefined, 'sid=forged-session-id']) {
      const response = await getAs(t.app, '/api/auth/user', cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in to continue' });
    }
  });

  it('GET /api/logout deletes the session server-side, clears the cookie and redirects to /', async () => {
    const { cookie, user } = await signUp(t.app);
    const amazon = await findProject(t.app, 'Amazon Rainforest Conservation');
    const buyOne = () => postJson(t.app, '/api/credits/purchase', { projectId: amazon.id, quantity: 1, pricePerCredit: amazon.pricePerCredit }, cookie);
    expect((await buyOne()).statusCode).toBe(201); // a signed-in write first, so any session cache is warm
    const sessionsOf = async () => Number((await t.deps.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id)))[0].n);
    expect(await sessionsOf()).toBe(1);

    const response = await getAs(t.app, '/api/logout', cookie);

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await sessionsOf()).toBe(0);
    // The old cookie replayed after logout (e.g. copied before) is dead on the server, for reads and for writes.
    expect((await getAs(t.app, '/api/auth/user', cookie)).statusCode).toBe(401);
    const afterLogout = await buyOne();
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json()).toEqual({ message: 'Please sign in to continue' });
    const [account] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(account.cashCents).toBe(5_000_000n - 1887n); // only the purchase made before signing out: 18.50 + 0.37
  });

  it('GET /api/login redirects to the sign-in page', async () => {
    const response = await getAs(t.app, '/api/login');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/signin');
  });

  it('GET /api/login keeps a returnTo of our own screens and drops any other', async () => {
    const kept = await getAs(t.app, `/api/login?returnTo=${encodeURIComponent('/marketplace?buy=3')}`);
    expect(kept.statusCode).toBe(302);
    expect(kept.headers.location).toBe(`/signin?returnTo=${encodeURIComponent('/marketplace?buy=3')}`);
    for (const elsewhere of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/no-such-screen', '/signin', 'portfolio']) {
      const response = await getAs(t.app, `/api/login?returnTo=${encodeURIComponent(elsewhere)}`);
      expect({ elsewhere, location: response.headers.location }).toEqual({ elsewhere, location: '/signin' });
    }
  });
});
