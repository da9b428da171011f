import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SIGN_UP_PASSWORD, type TestApp } from '@tests/support/test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT_DIST = process.env.E2E_CLIENT_DIST ?? path.join(ROOT, 'dist/client');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

let t: TestApp;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  }
  t = await createTestApp({ loginRateLimitPerMinute: 1000 }, { clientDist: CLIENT_DIST });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

// Finding 4: the UI signs out with POST /api/auth/logout, which another site cannot send with the user's cookie.
describe('the logout button', () => {
  it('signs out with POST /api/auth/logout and lands on Home signed out', async () => {
    // 1280 px: the narrowest width with Log out in the bar itself (it used to overflow off-screen there, issue #18).
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    try {
      const registered = await context.request.post('/api/auth/register', {
        data: { email: `logout-${Date.now()}@example.com`, password: SIGN_UP_PASSWORD, firstName: 'Leaving' },
      });
      expect(registered.status()).toBe(201);
      const page = await context.newPage();
      const logoutCalls: string[] = [];
      page.on('request', (request) => { if (/\/api\/(auth\/)?logout/.test(request.url())) logoutCalls.push(`${request.method()} ${new URL(request.url()).pathname}`); });
      await page.goto('/dashboard');
      await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
      expect(logoutCalls).toEqual(['POST /api/auth/logout']);
      expect((await context.request.get('/api/auth/user')).status()).toBe(401);
    } finally {
      await context.close();
    }
  });
});
