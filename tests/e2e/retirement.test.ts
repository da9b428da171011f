import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/test-app';

const CLIENT_DIST = path.resolve(import.meta.dirname, '../../dist/client');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
// Covers the 3-second simulated processing step plus the request.
const FLOW_TIMEOUT_MS = 20_000;

let t: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let baseUrl: string;
const alerts: string[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) throw new Error('Build the client first: npx vite build');
  t = await createTestApp({ loginRateLimitPerMinute: 1000 }, { clientDist: CLIENT_DIST });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  context = await browser.newContext({ baseURL: baseUrl, acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('retirement journey', () => {
  const xssReason = '<img src=x onerror=alert(1)>';
  let certificateId = '';

  it('signs up, buys credits on the Marketplace and sees them in the Portfolio', async () => {
    // The session cookie lands in the browser context: the API call and the pages share it.
    const registered = await context.request.post('/api/auth/register', {
      data: { email: `e2e-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Ada', companyName: 'Northwind Logistics' },
    });
    expect(registered.status()).toBe(201);

    await page.goto('/marketplace');
    const card = page.getByRole('article', { name: 'Amazon Rainforest Conservation' });
    await card.getByRole('button', { name: 'Buy Credits' }).click();
    const buyDialog = page.getByRole('dialog', { name: 'Buy Carbon Credits' });
    await buyDialog.getByLabel('Quantity (credits)').fill('10');
    await buyDialog.getByRole('button', { name: 'Pay with Wallet' }).click();
    await expect.poll(() => page.getByText('Purchase Successful').first().isVisible(), { timeout: FLOW_TIMEOUT_MS }).toBe(true);

    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    await page.getByRole('heading', { name: 'Portfolio', level: 1 }).waitFor();
    const holdings = page.getByRole('table', { name: 'Credit Holdings' });
    await holdings.getByRole('cell', { name: '10', exact: true }).waitFor();
    await page.getByText('No retired credits yet').waitFor();
  });

  it('retires part of the holding from the Portfolio and shows the certificate id in the toast and history', async () => {
    await page.getByRole('button', { name: /^Retire Amazon Rainforest Conservation · 2021, Credit #\d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Retire Carbon Credits' });
    await expect.poll(() => dialog.getByLabel('Retirement reason').inputValue()).toBe('Carbon Neutrality Goal');
    await expect.poll(() => dialog.getByLabel(/^Beneficiary/).inputValue()).toBe('Northwind Logistics');
    await dialog.getByLabel(/^Quantity/).fill('4');
    await dialog.getByLabel('Retirement reason').fill(xssReason);
    await dialog.getByLabel(/^Beneficiary/).fill('Client XYZ');
    await dialog.getByRole('button', { name: 'Retire Credits' }).click();

    await page.getByRole('dialog', { name: 'Retiring Credits' }).waitFor();
    // Radix also announces the toast in a live region, so the text appears twice.
    const toast = page.getByText(/Certificate CERT-[A-Z2-7]{16}/).first();
    await toast.waitFor({ timeout: FLOW_TIMEOUT_MS });
    certificateId = /CERT-[A-Z2-7]{16}/.exec((await toast.textContent()) ?? '')![0];
    await dialog.waitFor({ state: 'hidden' });
    // The retirement ends on its certificate (issue item 8): printable at once; the chain is off, so no hash.
    const done = page.getByRole('dialog', { name: 'Credits Retired' });
    await done.getByRole('link', { name: certificateId, exact: true }).waitFor();
    await done.getByRole('button', { name: 'Print certificate' }).waitFor();
    await done.getByTestId('retirement-tx-pending').waitFor();
    await page.keyboard.press('Escape');
    await done.waitFor({ state: 'hidden' });

    const history = page.getByRole('table', { name: 'Retirement History' });
    await history.getByRole('link', { name: certificateId, exact: true }).waitFor();
    await expect.poll(() => history.getByRole('row').filter({ hasText: certificateId }).textContent()).toContain('4 t');
    await expect.poll(() => history.getByText(xssReason).isVisible()).toBe(true);
    const holdings = page.getByRole('table', { name: 'Credit Holdings' });
    await holdings.getByRole('cell', { name: '6', exact: true }).waitFor();
  });

  it('downloads the certificate file containing its id', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `Download certificate ${certificateId}`, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`retirement-certificate-${certificateId}.html`);
    const html = readFileSync((await download.path())!, 'utf8');
    expect(html).toContain(certificateId);
    expect(html).toContain('Client XYZ');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
  });

  it('shows the certificate page as Verified, with the reason as text', async () => {
    await page.getByRole('table', { name: 'Retirement History' }).getByRole('link', { name: certificateId, exact: true }).click();
    await page.getByRole('heading', { name: 'Retirement Certificate', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Verified' }).waitFor();
    await page.getByText(xssReason, { exact: true }).waitFor();
    await page.getByRole('img', { name: 'QR code linking to this certificate' }).waitFor();
    await page.getByText('Pending anchoring').waitFor();
  });

  it('prints the certificate in a new window, and downloads it when the window is blocked', async () => {
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Print Certificate' }).click()]);
    await popup.getByRole('heading', { name: 'Retirement Certificate' }).waitFor();
    expect(await popup.content()).toContain(certificateId);
    await popup.close();

    await page.evaluate(() => {
      window.open = () => null;
    });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print Certificate' }).click()]);
    expect(download.suggestedFilename()).toBe(`retirement-certificate-${certificateId}.html`);
  });

  it('verifies the retirement publicly, by certificate id and with its provenance', async () => {
    const visitor = await browser.newContext({ baseURL: baseUrl });
    const publicPage = await visitor.newPage();
    await publicPage.goto('/verify');
    await publicPage.getByLabel('Certificate ID or serial number').fill(certificateId);
    await publicPage.getByRole('button', { name: 'Verify' }).click();
    await publicPage.getByRole('heading', { name: 'Retired', level: 2 }).waitFor();
    await publicPage.getByText('Client XYZ').first().waitFor();
    await publicPage.getByText(/Digest recomputed/).waitFor();
    const provenance = publicPage.getByRole('list', { name: 'Provenance' });
    await expect.poll(() => provenance.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Issued/), expect.stringMatching(/^Bought.*10 t/), expect.stringMatching(/^Retired.*4 t/),
    ]);
    expect(publicPage.url()).toContain(`/verify?query=${certificateId}`);
    await visitor.close();
    expect(alerts).toEqual([]);
  });
});
