import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, sessions, users } from '@/server/db/schema';
import { createTestApp, SIGN_UP_PASSWORD, signUp, type TestApp } from '@tests/support/test-app';
import { getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { sessionCookie } from './support';

// A clock the tests move: TOTP codes belong to 30-second steps, and a challenge lives 5 minutes.
let nowMs = Date.parse('2026-11-28T10:00:00Z');
const clock = () => new Date(nowMs);
const advance = (ms: number) => { nowMs += ms; };

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ ...ROOMY_RATE_LIMIT, signInFailureLimit: { maxFailures: 10, windowMs: 15 * 60_000 } }, { clock }); });
afterAll(async () => { await t?.close(); });

const codeAt = (secret: string, atMs = nowMs) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: atMs });

async function accountRow(email: string) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** A new account with two-factor sign-in on: its cookie, e-mail, secret and recovery codes. */
async function enrolled() {
  const account = await signUp(t.app);
  const setup = await postJson(t.app, '/api/account/two-factor/setup', {}, account.cookie);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enable = await postJson(t.app, '/api/account/two-factor/enable', { code: codeAt(secret) }, account.cookie);
  expect(enable.statusCode).toBe(200);
  advance(30_000); // the enrolment's code is spent; the next sign-in uses the next step's
  return { ...account, secret, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes };
}

const login = (email: string, password = SIGN_UP_PASSWORD) => postJson(t.app, '/api/auth/login', { email, password });
const secondStep = (challenge: string, code: string) => postJson(t.app, '/api/auth/login/two-factor', { challenge, code });

describe('enrolment', () => {
  it('shows a secret, its otpauth URI and QR code, and keeps it pending until a code confirms it', async () => {
    const { cookie, email } = await signUp(t.app);
    const setup = await postJson(t.app, '/api/account/two-factor/setup', {}, cookie);
    expect(setup.statusCode).toBe(200);
    const body = setup.json() as { secret: string; otpauthUri: string; qrCodeSvg: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/CarbonLedger:/);
    expect(body.otpauthUri).toContain(`secret=${body.secret}`);
    expect(body.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const row = await accountRow(email);
    expect(row.totpEnabledAt).toBeNull();
    expect(row.totpPendingSecret).toMatch(/^enc:v1:/);
    expect(row.totpPendingSecret).not.toContain(body.secret);
    expect((await getAs(t.app, '/api/account/two-factor', cookie)).json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    // Still off: signing in needs only the password.
    expect((await login(email)).statusCode).toBe(200);
  });

  it('refuses a wrong code, changes nothing, then turns on with a right one and answers ten recovery codes once', async () => {
    const { cookie, email } = await signUp(t.app);
    const { secret } = (await postJson(t.app, '/api/account/two-factor/setup', {}, cookie)).json() as { secret: string };
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await postJson(t.app, '/api/account/two-factor/enable', { code: wrong }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/code is not right/);
    expect((await accountRow(email)).totpEnabledAt).toBeNull();

    const enabled = await postJson(t.app, '/api/account/two-factor/enable', { code: codeAt(secret) }, cookie);
    expect(enabled.statusCode).toBe(200);
    const codes = (enabled.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const row = await accountRow(email);
    expect(row.totpEnabledAt).not.toBeNull();
    expect(row.totpSecret).toMatch(/^enc:v1:/);
    expect(row.totpPendingSecret).toBeNull();
    const stored = await t.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row.id));
    expect(stored.map((code) => code.codeHash).some((hash) => codes.includes(hash))).toBe(false);
    expect((await getAs(t.app, '/api/account/two-factor', cookie)).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const again = await postJson(t.app, '/api/account/two-factor/setup', {}, cookie);
    expect(again.statusCode).toBe(409);
  });

  it('refuses to enable without a set-up, and malformed codes with a message', async () => {
    const { cookie } = await signUp(t.app);
    const none = await postJson(t.app, '/api/account/two-factor/enable', { code: '123456' }, cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/Start the set-up first/);
    for (const code of ['12345', '1234567', 'abcdef', '', 123456, 'x'.repeat(40)]) {
      const response = await postJson(t.app, '/api/account/two-factor/enable', { code }, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe('signing in with two factors', () => {
  it('answers 202 and a challenge after the password, sets no cookie, and signs in with the current code', async () => {
    const { email, secret } = await enrolled();
    const first = await login(email);
    expect(first.statusCode).toBe(202);
    expect(first.headers['set-cookie']).toBeUndefined();
    const { challenge, twoFactorRequired } = first.json() as { challenge: string; twoFactorRequired: boolean };
    expect(twoFactorRequired).toBe(true);

    const second = await secondStep(challenge, codeAt(secret));
    expect(second.statusCode).toBe(200);
    expect(second.json().email).toBe(email);
    const me = await getAs(t.app, '/api/auth/user', sessionCookie(second.headers['set-cookie']));
    expect(me.statusCode).toBe(200);

    // The challenge is single-use.
    const replay = await secondStep(challenge, codeAt(secret));
    expect(replay.statusCode).toBe(401);
  });

  it('accepts a code of the step before or after (clock drift) but not two steps away', async () => {
    const { email, secret } = await enrolled();
    advance(30_000); // the step before now is not the enrolment's (spent) step
    const { challenge } = (await login(email)).json() as { challenge: string };
    const far = await secondStep(challenge, codeAt(secret, nowMs - 65_000));
    expect(far.statusCode).toBe(400);
    const near = await secondStep(challenge, codeAt(secret, nowMs - 30_000));
    expect(near.statusCode).toBe(200);
  });

  it('takes a code only once, even for another sign-in within its step', async () => {
    const { email, secret } = await enrolled();
    const code = codeAt(secret);
    const a = (await login(email)).json() as { challenge: string };
    expect((await secondStep(a.challenge, code)).statusCode).toBe(200);
    const b = (await login(email)).json() as { challenge: string };
    const reused = await secondStep(b.challenge, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/already used/);
    advance(30_000);
    expect((await secondStep(b.challenge, codeAt(secret))).statusCode).toBe(200);
  });

  it('expires the challenge after five minutes', async () => {
    const { email, secret } = await enrolled();
    const { challenge } = (await login(email)).json() as { challenge: string };
    advance(5 * 60_000 + 1_000);
    const late = await secondStep(challenge, codeAt(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/expired/);
  });

  it('signs in with a recovery code once; the code is spent', async () => {
    const { email, recoveryCodes: codes, cookie } = await enrolled();
    const a = (await login(email)).json() as { challenge: string };
    expect((await secondStep(a.challenge, codes[3].toUpperCase())).statusCode).toBe(200);
    const b = (await login(email)).json() as { challenge: string };
    const spent = await secondStep(b.challenge, codes[3]);
    expect(spent.statusCode).toBe(400);
    expect(spent.json().message).toMatch(/recovery code/);
    expect((await getAs(t.app, '/api/account/two-factor', cookie)).json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('counts wrong codes with wrong passwords: after the limit even the right code is refused (429)', async () => {
    const { email, secret } = await enrolled();
    const { challenge } = (await login(email)).json() as { challenge: string };
    for (let attempt = 2; attempt <= 10; attempt++) {
      const wrong = await secondStep(challenge, '000000' === codeAt(secret) ? '111111' : '000000');
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await secondStep(challenge, codeAt(secret));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    advance(15 * 60_000);
    const fresh = (await login(email)).json() as { challenge: string };
    expect((await secondStep(fresh.challenge, codeAt(secret))).statusCode).toBe(200);
  });

  it('refuses an unknown challenge (401) and malformed bodies (400)', async () => {
    expect((await secondStep('no-such-challenge', '123456')).statusCode).toBe(401);
    for (const body of [{}, { challenge: 'x' }, { code: '123456' }, { challenge: 'x', code: '123456', extra: 1 }, { challenge: 'x'.repeat(101), code: '123456' }]) {
      const response = await postJson(t.app, '/api/auth/login/two-factor', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe('turning it off and replacing recovery codes', () => {
  it('needs a current code to turn off; a wrong one changes nothing', async () => {
    const { cookie, email, secret } = await enrolled();
    const wrong = await postJson(t.app, '/api/account/two-factor/disable', { code: '000000' === codeAt(secret) ? '111111' : '000000' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect((await accountRow(email)).totpEnabledAt).not.toBeNull();

    const off = await postJson(t.app, '/api/account/two-factor/disable', { code: codeAt(secret) }, cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const row = await accountRow(email);
    expect(row.totpSecret).toBeNull();
    expect(await t.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row.id))).toHaveLength(0);
    expect((await login(email)).statusCode).toBe(200);
  });

  it('replaces the recovery codes: the old ones stop working', async () => {
    const { cookie, email, secret, recoveryCodes: old } = await enrolled();
    const replaced = await postJson(t.app, '/api/account/two-factor/recovery-codes', { code: codeAt(secret) }, cookie);
    expect(replaced.statusCode).toBe(200);
    const fresh = (replaced.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    const { challenge } = (await login(email)).json() as { challenge: string };
    expect((await secondStep(challenge, old[0])).statusCode).toBe(400);
    expect((await secondStep(challenge, fresh[0])).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('lists the account\'s sessions with where they came from, marks this one, and revokes another', async () => {
    const { email, cookie } = await signUp(t.app);
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: SIGN_UP_PASSWORD }, headers: { 'user-agent': 'Phone Browser/1.0' } });
    const otherCookie = sessionCookie(other.headers['set-cookie']);

    const list = (await getAs(t.app, '/api/account/sessions', cookie)).json() as Array<{ id: string; current: boolean; userAgent: string | null; ipAddress: string | null }>;
    expect(list).toHaveLength(2);
    expect(list.filter((session) => session.current)).toHaveLength(1);
    const phone = list.find((session) => session.userAgent === 'Phone Browser/1.0')!;
    expect(phone.current).toBe(false);
    expect(phone.ipAddress).toBe('127.0.0.1');
    expect(phone.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const stored = await t.deps.db.select({ id: sessions.id }).from(sessions);
    expect(stored.some((row) => row.id === phone.id || otherCookie.includes(phone.id))).toBe(false);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phone.id}`, headers: { cookie } });
    expect(revoked.statusCode).toBe(204);
    expect((await getAs(t.app, '/api/auth/user', otherCookie)).statusCode).toBe(401);
    expect((await getAs(t.app, '/api/auth/user', cookie)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phone.id}`, headers: { cookie } });
    expect(again.statusCode).toBe(404);
  });

  it('never revokes someone else\'s session (404) and refuses a malformed id (400)', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const [bSession] = (await getAs(t.app, '/api/account/sessions', b.cookie)).json() as Array<{ id: string }>;
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${bSession.id}`, headers: { cookie: a.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect((await getAs(t.app, '/api/auth/user', b.cookie)).statusCode).toBe(200);
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/account/sessions/not-an-id', headers: { cookie: a.cookie } });
    expect(malformed.statusCode).toBe(400);
  });

  it('signs out every other session and keeps this one', async () => {
    const { email, cookie } = await signUp(t.app);
    const others = await Promise.all([1, 2].map(async () => sessionCookie((await login(email)).headers['set-cookie'])));
    const ended = await postJson(t.app, '/api/account/sessions/sign-out-others', {}, cookie);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    for (const other of others) expect((await getAs(t.app, '/api/auth/user', other)).statusCode).toBe(401);
    expect((await getAs(t.app, '/api/auth/user', cookie)).statusCode).toBe(200);
  });

  it('is for a signed-in browser only: signed out is 401', async () => {
    expect((await getAs(t.app, '/api/account/sessions')).statusCode).toBe(401);
    expect((await getAs(t.app, '/api/account/two-factor')).statusCode).toBe(401);
    expect((await postJson(t.app, '/api/account/two-factor/setup', {})).statusCode).toBe(401);
  });
});
