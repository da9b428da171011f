import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeFindings, startBrowserKit, VIEWPORTS, type BrowserKit } from '@tests/support/browser-kit';

const PASSWORD = 'correct horse battery';
const SHOTS = process.env.SCREENSHOT_DIR;

let kit: BrowserKit;
beforeAll(async () => { kit = await startBrowserKit(); });
afterAll(async () => { await kit?.close(); });

const currentCode = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

describe.each(VIEWPORTS)('the Security screen at %s', (label, viewport) => {
  it('turns on two-factor sign-in, then signs in with a recovery code and ends the other session', async () => {
    const email = `security-${randomBytes(4).toString('hex')}@example.com`;
    const first = await kit.open(viewport);
    expect((await first.context.request.post('/api/auth/register', { data: { email, password: PASSWORD, firstName: 'Grace' } })).status()).toBe(201);
    const { page } = first;

    await page.goto('/security');
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Authenticator key').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/security-enrol-${viewport.width}.png`, fullPage: true });

    await page.getByLabel('Code from the app').fill('000000' === currentCode(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText(/code is not right/).first().waitFor();

    await page.getByLabel('Code from the app').fill(currentCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const recoveryCode = (await codes.nth(0).textContent())!.trim();
    expect(recoveryCode).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/security-codes-${viewport.width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Recovery codes left').waitFor();
    expect(await page.getByText('10 of 10').count()).toBe(1);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // A second browser: the password alone no longer signs in; a recovery code does, once.
    const second = await kit.open(viewport);
    await second.page.goto('/signin');
    await second.page.getByLabel('Email').fill(email);
    await second.page.getByLabel('Password').fill(PASSWORD);
    await second.page.getByRole('button', { name: 'Sign in' }).click();
    await second.page.getByLabel('Authentication code').waitFor();
    if (SHOTS) await second.page.screenshot({ path: `${SHOTS}/signin-code-${viewport.width}.png`, fullPage: true });
    expect((await second.context.request.get('/api/auth/user')).status()).toBe(401);
    await second.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await second.page.getByLabel('Recovery code').fill(recoveryCode);
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await second.page.waitForURL((url) => url.pathname !== '/signin');
    expect((await second.context.request.get('/api/auth/user')).status()).toBe(200);

    // Back in the first browser: two sessions, this one marked; ending the other signs the second browser out.
    await page.reload();
    const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await page.getByText('This browser').count()).toBe(1);
    expect(await page.getByText('9 of 10').count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/security-on-${viewport.width}.png`, fullPage: true });
    await page.getByRole('button', { name: /^End session:/ }).click();
    await expect.poll(() => sessions.count()).toBe(1);
    expect((await second.context.request.get('/api/auth/user')).status()).toBe(401);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), label).toBe(true);
  });
});
