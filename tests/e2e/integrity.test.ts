import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from '@tests/support/browser-kit';
import { createTestApp, type TestApp } from '@tests/support/test-app';

const CLIENT_DIST = path.resolve(import.meta.dirname, '../../dist/client');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
// Covers the 3-second simulated processing step plus the request.
const FLOW_TIMEOUT_MS = 20_000;

let t: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) throw new Error('Build the client first: npx vite build');
  t = await createTestApp({ loginRateLimitPerMinute: 1000 }, { clientDist: CLIENT_DIST });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('integrity labels, project page, claims and the registry', () => {
  let certificateId = '';

  it('filters the marketplace by label and opens a project page from its card', async () => {
    const registered = await context.request.post('/api/auth/register', {
      data: { email: `e2e-integrity-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Ada', companyName: 'Lufthansa Group' },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/marketplace');
    await page.getByRole('article').first().waitFor();
    // The grid shows the first page of the catalogue; every filtered result below fits on it.
    expect(await page.getByRole('article').count()).toBeGreaterThan(3);
    await page.getByLabel('Removals only', { exact: true }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(3);
    await page.getByLabel('CORSIA eligible', { exact: true }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);

    await page.getByRole('article', { name: 'Guatemala Highland Agroforestry' }).getByRole('link', { name: 'Guatemala Highland Agroforestry' }).click();
    await page.getByRole('heading', { name: 'Guatemala Highland Agroforestry', level: 1 }).waitFor();
    await page.getByText('Integrity attributes').waitFor();
    await page.getByText('Corresponding adjustment applied').waitFor();
    await page.getByRole('img', { name: /^Map: Guatemala Highland Agroforestry/ }).waitFor();
    await page.getByText('Latest satellite MRV report').waitFor();
    await page.getByText('VCS-2250-2024-000001–003500').first().waitFor();
  });

  it('buys and retires from the project page with a claim, shown on the certificate and in the registry', async () => {
    await page.getByRole('button', { name: 'Buy Credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy Carbon Credits' });
    await dialog.getByLabel('Retire immediately').click();
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Purpose' }), 'Article 6 / NDC');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Jurisdiction country' }), 'Germany (DE)');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Subdivision' }), 'Bayern (DE-BY)');
    await dialog.getByRole('button', { name: 'Pay with Wallet' }).click();
    const toast = page.getByText(/certificate CERT-[A-Z2-7]{16}/).first();
    await toast.waitFor({ timeout: FLOW_TIMEOUT_MS });
    certificateId = /CERT-[A-Z2-7]{16}/.exec((await toast.textContent()) ?? '')![0];

    await page.goto(`/certificates/${certificateId}`);
    await page.getByText('Article 6 / NDC').waitFor();
    await page.getByText('DE-BY').waitFor();
    await page.getByText('Integrity labels at retirement').waitFor();
    // The browser recomputes the version-2 digest (claim and labels included) and agrees with the registry.
    await page.getByText('Verified', { exact: true }).first().waitFor();

    await page.goto('/registry');
    await page.getByLabel(/^Search by beneficiary/).fill(certificateId.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1 retirements').waitFor();
    await page.getByRole('link', { name: certificateId }).first().waitFor();
    await page.getByText(/Article 6 \/ NDC · DE-BY/).first().waitFor();
  });
});
