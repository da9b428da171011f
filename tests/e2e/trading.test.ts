import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';

const CLIENT_DIST = process.env.E2E_CLIENT_DIST ?? path.resolve(import.meta.dirname, '../../dist/client');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PROJECT = 'Gazi Bay Mangrove Restoration';
// The screen must follow another user's trade within a second; the margin covers a slow shared machine.
const LIVE_TIMEOUT_MS = 5_000;

let t: TestApp;
let browser: Browser;
let seller: { context: BrowserContext; page: Page };
let buyer: { context: BrowserContext; page: Page };

async function openTrader(firstName: string) {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, viewport: { width: 1280, height: 900 } });
  const registered = await context.request.post('/api/auth/register', {
    data: { email: `${firstName.toLowerCase()}-${Date.now()}@example.com`, password: 'correct horse battery', firstName },
  });
  expect(registered.status()).toBe(201);
  return { context, page: await context.newPage() };
}

/** Advanced Trading with the project selected. */
async function openTrading(page: Page) {
  await page.goto('/trading');
  await page.getByRole('heading', { name: 'Advanced Trading', level: 1 }).waitFor();
  await page.getByRole('combobox', { name: 'Select Trading Pair' }).click();
  await page.getByRole('option', { name: `${PROJECT} - Kenya` }).click();
}

/** The toast with this text (Radix also announces it in a live region, hence `first`). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

beforeAll(async () => {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) throw new Error('Build the client first: npx vite build');
  t = await createTestApp({ loginRateLimitPerMinute: 1000 }, { clientDist: CLIENT_DIST });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  seller = await openTrader('Sally');
  buyer = await openTrader('Bob');
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('two traders on Advanced Trading', () => {
  it('validates the order form before sending anything', async () => {
    const { page } = seller;
    await openTrading(page);
    await page.getByRole('button', { name: 'Place BUY Order' }).click();
    await toastText(page, 'Please fill in all fields').waitFor();
    await page.getByRole('button', { name: 'Market Buy' }).click();
    await toastText(page, 'Please enter quantity').waitFor();
  });

  it('lets the seller buy credits and offer them with a limit sell order', async () => {
    const { page, context } = seller;
    const projects = (await (await context.request.get('/api/projects')).json()) as Array<{ id: number; name: string; pricePerCredit: string }>;
    const project = projects.find((candidate) => candidate.name === PROJECT)!;
    const bought = await context.request.post('/api/credits/purchase', { data: { projectId: project.id, quantity: 10, pricePerCredit: project.pricePerCredit } });
    expect(bought.status()).toBe(201);

    await openTrading(page);
    await expect.poll(() => page.getByTestId('available-credits').textContent()).toBe('10 t');
    await page.getByRole('radio', { name: 'Sell' }).click();
    await page.getByLabel('Quantity').fill('4');
    await page.getByLabel('Price per Credit').fill('25.50');
    await expect.poll(() => page.getByTestId('total-value').textContent()).toBe('$102.00');
    await page.getByRole('button', { name: 'Place SELL Order' }).click();
    await toastText(page, 'Order Created').waitFor();
    await toastText(page, 'Order added to orderbook').waitFor();

    const book = page.getByRole('table', { name: 'Order book' });
    await book.getByRole('cell', { name: '$25.50' }).waitFor();
    await expect.poll(() => page.getByTestId('spread').textContent()).toBe('Spread: N/A');
    await expect.poll(() => page.getByTestId('available-credits').textContent()).toBe('6 t');
    await page.getByRole('tab', { name: 'My Orders' }).click();
    const mine = page.getByRole('table', { name: 'My orders' });
    await mine.getByText('0 / 4').waitFor();
    // The status shows in its own column on wide screens and under the quantities on narrow ones.
    await mine.getByText('Open', { exact: true }).filter({ visible: true }).waitFor();
  });

  it('lets the buyer take the offer with Market Buy', async () => {
    const { page } = buyer;
    await openTrading(page);
    await page.getByRole('table', { name: 'Order book' }).getByRole('cell', { name: '$25.50' }).waitFor();
    await page.getByLabel('Quantity').fill('4');
    await page.getByRole('button', { name: 'Market Buy' }).click();
    const preview = page.getByRole('dialog', { name: 'Market Buy · 4 credits' });
    await expect.poll(() => preview.getByTestId('preview-total').textContent()).toBe('$102.00');
    await preview.getByRole('button', { name: 'Confirm Market Buy' }).click();
    await toastText(page, 'Bought 4 credits').waitFor();
    await toastText(page, 'Average $25.50 · total $102.00, from the order book.').waitFor();

    await page.getByText('No order book data available').waitFor();
    await page.getByRole('tab', { name: 'Recent Trades' }).click();
    const trades = page.getByRole('table', { name: 'Recent trades' });
    await trades.getByRole('cell', { name: '$25.50' }).waitFor();
    await trades.getByRole('cell', { name: '$102.00' }).waitFor();
    await page.getByRole('tab', { name: 'My Orders' }).click();
    const mine = page.getByRole('table', { name: 'My orders' });
    await mine.getByText('4 / 4').waitFor();
    await expect.poll(() => mine.getByRole('button', { name: /^Cancel buy order/ }).isDisabled()).toBe(true);
  });

  it('updates the seller\'s screen without a reload: order filled, stats, chart and trades', async () => {
    const { page } = seller;
    const mine = page.getByRole('table', { name: 'My orders' });
    await mine.getByText('4 / 4').waitFor({ timeout: LIVE_TIMEOUT_MS });
    await mine.getByText('Filled', { exact: true }).filter({ visible: true }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect.poll(() => mine.getByRole('button', { name: /^Cancel sell order/ }).isDisabled(), { timeout: LIVE_TIMEOUT_MS }).toBe(true);
    const tradesCard = page.locator('div', { has: page.getByText('24h Trades', { exact: true }) }).last();
    await expect.poll(() => tradesCard.textContent(), { timeout: LIVE_TIMEOUT_MS }).toContain('1');
    await page.getByRole('img', { name: /Candlestick chart of the last 1 candles/ }).waitFor({ timeout: LIVE_TIMEOUT_MS });
    await page.getByRole('tab', { name: 'Recent Trades' }).click();
    await page.getByRole('table', { name: 'Recent trades' }).getByRole('cell', { name: '$25.50' }).waitFor();
  });

  it('shows the trade in both portfolios', async () => {
    const sold = (await (await seller.context.request.get('/api/credits/my')).json()) as Array<{ quantity: number; status: string }>;
    expect(sold).toEqual([expect.objectContaining({ quantity: 6, status: 'active' })]);
    const bought = (await (await buyer.context.request.get('/api/credits/my')).json()) as Array<{ quantity: number; status: string; purchasePrice: string }>;
    expect(bought).toEqual([expect.objectContaining({ quantity: 4, status: 'active', purchasePrice: '25.50' })]);

    const { page } = buyer;
    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    await page.getByRole('heading', { name: 'Portfolio', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Credit Holdings' }).getByRole('cell', { name: '4', exact: true }).waitFor();
    await assertLedgerInvariants(t.deps.db);
  });

  it('refreshes the reads a busy market moves at most once a second, and ends on the market\'s last state', async () => {
    const { page } = seller;
    const project = ((await (await buyer.context.request.get('/api/projects')).json()) as Array<{ id: number; name: string }>).find((p) => p.name === PROJECT)!;
    const refetches: number[] = [];
    const onRequest = (request: { url(): string }) => { if (request.url().endsWith('/api/trading/orders/my')) refetches.push(Date.now()); };
    page.on('request', onRequest);
    // Twelve bids in a burst: each moves the book, and the seller's screen follows every move through the feed.
    const bids: number[] = [];
    for (let bid = 0; bid < 12; bid++) {
      const placed = await buyer.context.request.post('/api/trading/orders', { data: { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: `1.${String(bid).padStart(2, '0')}` } });
      expect(placed.status()).toBe(201);
      bids.push(((await placed.json()) as { order: { id: number } }).order.id);
    }
    const lastBidAt = Date.now();
    await page.getByText('$1.11').first().waitFor({ timeout: LIVE_TIMEOUT_MS });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    page.off('request', onRequest);
    // At once, then at most once a second: twelve moves in well under a few seconds cost a handful of refetches, not twelve.
    expect(refetches.length).toBeGreaterThanOrEqual(1);
    expect(refetches.length).toBeLessThanOrEqual(5);
    // The last refetch follows the last move: the screen ends on the market's state, not on one a second old.
    expect(Math.max(...refetches)).toBeGreaterThan(lastBidAt - 200);
    for (const id of bids) expect((await buyer.context.request.patch(`/api/trading/orders/${id}/cancel`)).ok()).toBe(true);
  });
});
