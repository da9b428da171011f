import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';

const CLIENT_DIST = path.resolve(import.meta.dirname, '../../dist/client');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const FLOW_TIMEOUT_MS = 20_000;
const PROJECT = 'Amazon Rainforest Conservation';

let t: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let tab: Locator;

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

/** The toast with this title (Radix also announces it in a live region, hence `first`). */
const toast = (title: string) => page.getByText(title, { exact: true }).first();

/** Advanced Trading with the project selected and the Liquidity Pool tab open. */
async function openPoolTab(projectName: string): Promise<Locator> {
  await page.goto('/trading');
  await page.getByRole('combobox', { name: 'Select Trading Pair' }).click();
  await page.getByRole('option', { name: new RegExp(projectName) }).click();
  await page.getByRole('tab', { name: 'Liquidity Pool' }).click();
  return page.getByRole('tabpanel', { name: 'Liquidity Pool' });
}

describe('liquidity pool journey', () => {
  it('creates a pool from credits the user holds', async () => {
    const registered = await context.request.post('/api/auth/register', {
      data: { email: `pool-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Ada' },
    });
    expect(registered.status()).toBe(201);
    const projects = (await (await context.request.get('/api/projects')).json()) as Array<{ id: number; name: string; pricePerCredit: string }>;
    const project = projects.find((candidate) => candidate.name === PROJECT)!;
    const bought = await context.request.post('/api/credits/purchase', { data: { projectId: project.id, quantity: 300, pricePerCredit: project.pricePerCredit } });
    expect(bought.status()).toBe(201);

    tab = await openPoolTab(PROJECT);
    await tab.getByText('This project has no liquidity pool yet', { exact: false }).waitFor();
    await tab.getByLabel('Credit amount').fill('200');
    await tab.getByLabel('Token amount ($)').fill('3700');
    await tab.getByText('Starting price $18.50 per credit', { exact: false }).waitFor();
    await tab.getByRole('button', { name: 'Create Pool' }).click();
    await toast('Pool Created').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await tab.getByText('200 t').waitFor();
    await expect.poll(() => tab.getByText('$18.50').first().isVisible()).toBe(true);
  });

  it('shows the quote before swapping and executes the swap at that price', async () => {
    await tab.getByLabel('Quantity (credits)').fill('5');
    const pay = tab.locator('dl[aria-label="Swap quote"] div', { has: page.getByText('You pay', { exact: true }) }).locator('dd');
    await pay.waitFor();
    // ⌈⌈370,000 × 5 / 195⌉ × 1000 / 997⌉ = ⌈9,488 × 1000 / 997⌉ = 9,517 c.
    await expect.poll(() => pay.textContent()).toBe('$95.17');
    await tab.getByText('Fee (0.3%)').waitFor();
    await tab.getByText('Price impact').waitFor();
    await tab.getByText('Maximum you pay').waitFor();
    await tab.getByRole('button', { name: 'Buy Credits' }).click();
    await toast('Swap Executed').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await page.getByText('Bought 5 credits for $95.17', { exact: false }).first().waitFor();
    await tab.getByText('195 t').waitFor();
  });

  it('refuses a swap whose slippage bound the price has moved past, with an Error toast', async () => {
    const id = await projectId();
    await tab.getByRole('radio', { name: 'Sell' }).click();
    await tab.getByLabel('Quantity (credits)').fill('3');
    await tab.locator('dl[aria-label="Swap quote"]').getByText('Minimum received').waitFor();
    // Keep the screen's quote as it is now (as if the user had looked away), then move the price down with a
    // large sale: the bound computed from the stale quote no longer holds and the server must refuse the swap.
    const stale = await (await context.request.get(`/api/trading/pools/${id}/quote?side=sell&quantity=3`)).json();
    await page.route(/\/quote\?/, (route) => route.fulfill({ json: stale }));
    const dumped = await context.request.post('/api/trading/swap', { data: { projectId: id, side: 'sell', quantity: 40, minAmountOut: '0' } });
    expect(dumped.status()).toBe(201);
    await tab.getByRole('button', { name: 'Sell Credits' }).click();
    await toast('Error').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await page.getByText(/Slippage limit exceeded: selling 3 t now pays/).first().waitFor();
    await page.unroute(/\/quote\?/);
  });

  it('removes all liquidity and shows the Create Pool form again', async () => {
    await tab.getByRole('button', { name: 'Max' }).click();
    await tab.getByText(/^You receive \d+ credits and \$/).waitFor();
    await tab.getByRole('button', { name: 'Remove Liquidity' }).click();
    await toast('Liquidity Removed').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await tab.getByText('Every provider has withdrawn from this pool', { exact: false }).waitFor();
    await assertLedgerInvariants(t.deps.db);
  });
});

async function projectId(): Promise<number> {
  const projects = (await (await context.request.get('/api/projects')).json()) as Array<{ id: number; name: string }>;
  return projects.find((candidate) => candidate.name === PROJECT)!.id;
}
