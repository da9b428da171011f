import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/server/config';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { startReceiver } from '@tests/api/programmatic/webhook-receiver';

const CLIENT_DIST = path.resolve(import.meta.dirname, '../../dist/client');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

let t: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) throw new Error('Build the client first: npx vite build');
  t = await createTestApp({
    loginRateLimitPerMinute: 1000, webhooks: { ...testConfig().webhooks, allowPrivate: true, retryBaseMs: 100, pollMs: 100 },
  }, { clientDist: CLIENT_DIST });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  receiver = await startReceiver();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  context = await browser.newContext({ baseURL: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  const registered = await context.request.post('/api/auth/register', {
    data: { email: `dev-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Ada', companyName: 'Northwind' },
  });
  expect(registered.status()).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await t?.close();
});

const noHorizontalScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the Developers screen', () => {
  it('at 1440 px: opens from the user menu, creates a key shown once that works as a bearer, and revokes it', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: /Developers/ }).click();
    await page.getByRole('heading', { name: 'API keys and webhooks', level: 1 }).waitFor();
    await page.getByLabel('Key name').fill('Finance system');
    await page.getByRole('checkbox', { name: /trade/ }).click();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByLabel('Secret of "Finance system"').textContent())!;
    expect(secret).toMatch(/^cl_live_/);
    const answer = await context.request.get('/api/credits/my', { headers: { authorization: `Bearer ${secret}`, cookie: '' } });
    expect(answer.status()).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText(secret).count()).toBe(0);
    const keys = page.getByRole('list', { name: 'API keys' });
    await keys.getByText(`${secret.slice(0, 14)}…`).waitFor();
    await keys.getByText('Never').or(keys.getByText(/\d{4}/).first()).first().waitFor();
    await page.getByRole('button', { name: 'Revoke Finance system' }).click();
    await keys.getByText('Revoked').waitFor();
    expect((await context.request.get('/api/credits/my', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);
    expect(await noHorizontalScroll()).toBe(true);
  });

  it('at 1440 px: adds a webhook endpoint, shows its secret once and its delivery log, and resends', async () => {
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect(await page.getByLabel('Signing secret').textContent()).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    const project = (await (await context.request.get('/api/projects')).json())[0];
    const bought = await context.request.post('/api/credits/purchase', { data: { projectId: project.id, quantity: 1, pricePerCredit: project.pricePerCredit } });
    expect(bought.status()).toBe(201);
    await receiver.waitFor(1);
    await page.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('list', { name: 'Delivery log' });
    await log.getByText('delivered').waitFor();
    await log.getByText('purchase.completed').first().waitFor();
    await log.getByRole('button', { name: 'Resend' }).first().click();
    await page.getByText('Delivery Queued').first().waitFor();
    await receiver.waitFor(2);
    await page.screenshot({ path: path.join(process.env.TMPDIR ?? '/tmp', 'developers-1440.png'), fullPage: true });
  });

  it('at 375 px: fits the phone width and is reachable from the menu', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('link', { name: 'Developers' }).click();
    await page.getByRole('heading', { name: 'API keys and webhooks', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Deliveries' }).click();
    await page.getByRole('list', { name: 'Delivery log' }).waitFor();
    expect(await noHorizontalScroll()).toBe(true);
    await page.screenshot({ path: path.join(process.env.TMPDIR ?? '/tmp', 'developers-375.png'), fullPage: true });
  });
});
