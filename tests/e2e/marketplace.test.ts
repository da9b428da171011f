import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/test-app';

const CLIENT_DIST = path.resolve(import.meta.dirname, '../../dist/client');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const FLOW_TIMEOUT_MS = 20_000;

let t: TestApp;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) throw new Error('Build the client first: npx vite build');
  t = await createTestApp({ loginRateLimitPerMinute: 1000 }, { clientDist: CLIENT_DIST });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

describe('signed out', () => {
  it('shows the landing page with Get Started and the three features, without serious accessibility violations', async () => {
    const page = await (await browser.newContext({ baseURL: baseUrl })).newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: /Carbon Credits on Blockchain/ }).waitFor();
    for (const feature of ['Verified Credits', 'Blockchain Transparency', 'Digital Certificates']) {
      await page.getByRole('heading', { name: feature }).waitFor();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Get Started' }).or(page.getByRole('button', { name: 'Get Started' })).first().click();
    await page.waitForURL('**/marketplace');
  });

  it('shows the Page Not Found screen for an unknown path, with a 404 status', async () => {
    const page = await (await browser.newContext({ baseURL: baseUrl })).newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('buying journey', () => {
  it('signs up, searches, buys 3 credits with the 2% fee shown and sees them on the Dashboard', async () => {
    const page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto('/api/login');
    await page.waitForURL('**/signin');
    await page.getByRole('tab', { name: 'Create account' }).click();
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Company name (optional)').fill('Hopper Analytics');
    await form.getByLabel('Email').fill(`buyer-${Date.now()}@example.com`);
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(/Welcome back, Grace/).waitFor({ timeout: FLOW_TIMEOUT_MS });

    await page.goto('/marketplace');
    await page.getByRole('heading', { name: /Carbon Credit Marketplace/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Search projects').fill('atacama');
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    const card = page.getByRole('article', { name: 'Atacama Desert Solar Park' });
    await card.getByRole('button', { name: 'Buy Credits' }).click();

    const dialog = page.getByRole('dialog', { name: 'Buy Carbon Credits' });
    await dialog.getByLabel('Quantity (credits)').fill('3');
    // $11.90 × 3 = $35.70; 2% fee = $0.714 → $0.71 (half-up); total $36.41.
    await expect.poll(() => dialog.getByTestId('buy-subtotal').textContent()).toContain('35.70');
    await expect.poll(() => dialog.getByTestId('buy-fee').textContent()).toContain('0.71');
    await expect.poll(() => dialog.getByTestId('buy-total').textContent()).toContain('36.41');
    await dialog.getByRole('button', { name: 'Pay with Wallet' }).click();
    // No made-up hash while processing: the chain has not recorded anything yet (issue item 7).
    await expect.poll(() => page.getByTestId('processing-tx-hash').first().textContent()).toContain('Assigned when the chain records this transaction');
    await page.getByText('Purchase Successful').first().waitFor({ timeout: FLOW_TIMEOUT_MS });

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { name: /Hopper Analytics/ }).first().waitFor();
    const recent = page.getByRole('heading', { name: 'Recent Credits' }).locator('xpath=ancestor::*[contains(@class, "rounded")][1]');
    await expect.poll(() => recent.textContent()).toMatch(/Credit #\d+/);
    await expect.poll(() => recent.textContent()).toContain('35.70');
    await page.getByText(/No credits owned yet/).waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
