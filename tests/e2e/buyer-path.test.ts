import type { BrowserContext, Locator, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled, buyThroughApi, seriousAxeFindings, startBrowserKit, VIEWPORTS, type BrowserKit } from '@tests/support/browser-kit';
import { SIGN_UP_PASSWORD } from '@tests/support/test-app';

// The buyer's path (issue: phone marketplace, cut text, price history, /activity, return after sign-in). Geometry
// and content, not pixels, at 375 × 812 and 1440 × 900.
let kit: BrowserKit;

beforeAll(async () => {
  kit = await startBrowserKit();
});

afterAll(async () => {
  await kit?.close();
});

const cards = (page: Page) => page.getByRole('article');

/** The element's box, to compare with the first screen. */
async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not rendered');
  return rect;
}

/** Whether the element shows all of its text: nothing scrolls, nothing is cut with an ellipsis, nothing leaves the screen. */
function fullyShown(locator: Locator) {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return {
      scrolls: element.scrollWidth > element.clientWidth,
      ellipsis: getComputedStyle(element).textOverflow === 'ellipsis' && getComputedStyle(element).overflow !== 'visible',
      offScreen: rect.left < 0 || rect.right > window.innerWidth,
    };
  });
}

let accounts = 0;
/** A registered account (through the API of a throwaway context) to sign in with through the form. */
async function newAccount(): Promise<string> {
  const email = `returner-${Date.now()}-${accounts++}@example.com`;
  const context = await kit.browser.newContext({ baseURL: kit.baseUrl });
  const response = await context.request.post('/api/auth/register', { data: { email, password: SIGN_UP_PASSWORD, firstName: 'Returner' } });
  expect(response.status()).toBe(201);
  await context.close();
  return email;
}

async function signInThroughForm(page: Page, email: string) {
  await page.waitForURL(/\/signin\?returnTo=/);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(SIGN_UP_PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

describe.each(VIEWPORTS)('at %s', (_label, viewport) => {
  it('shows the first project card on the first screen, after a search and for "No projects found"', async () => {
    const { page } = await kit.open(viewport);
    await page.goto('/marketplace');
    const firstName = cards(page).first().getByRole('heading').first();
    await firstName.waitFor();
    expect((await box(firstName)).y + (await box(firstName)).height).toBeLessThanOrEqual(viewport.height);

    // Search by country: Kenya's mangroves.
    await page.getByLabel('Search projects').fill('kenya');
    await expect.poll(() => cards(page).count()).toBe(1);
    const kenya = page.getByRole('heading', { name: 'Gazi Bay Mangrove Restoration' });
    expect((await box(kenya)).y + (await box(kenya)).height).toBeLessThanOrEqual(viewport.height);

    await page.getByLabel('Search projects').fill('no such project');
    const empty = page.getByText('No projects found');
    await empty.waitFor();
    expect((await box(empty)).y + (await box(empty)).height).toBeLessThanOrEqual(viewport.height);
  });

  it('sorts by price, vintage, rating and availability', async () => {
    const { page } = await kit.open(viewport);
    await page.goto('/marketplace');
    await cards(page).first().waitFor();
    const phone = viewport.width < 768;
    const sortBy = async (option: string) => {
      if (phone) {
        await page.getByRole('button', { name: /^Filters and sort/ }).click();
        await animationsSettled(page.getByRole('dialog', { name: 'Filters and sort' }));
        expect(await seriousAxeFindings(page)).toEqual([]);
      }
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: option }).click();
      if (phone) {
        const sheet = page.getByRole('dialog', { name: 'Filters and sort' });
        await sheet.getByRole('button', { name: 'Show 14 projects' }).click();
        await sheet.waitFor({ state: 'detached' });
      }
    };
    const firstCard = () => cards(page).first().getByRole('heading').first().textContent();
    await sortBy('Price: high to low');
    await expect.poll(firstCard).toBe('Scottish Highlands Native Woodland');
    await sortBy('Price: low to high');
    await expect.poll(firstCard).toBe('Song Bung Run-of-River Hydro');
    await sortBy('Vintage: oldest first');
    await expect.poll(firstCard).toBe('Song Bung Run-of-River Hydro');
    await sortBy('Rating: best first');
    await expect.poll(firstCard).toBe('Scottish Highlands Native Woodland');
    await sortBy('Most credits available');
    await expect.poll(firstCard).toBe('Rajasthan Wind Power');
  });

  it('shows the whole cash balance in the header and whole project names on the dashboard', async () => {
    const { page, context } = await kit.open(viewport, 'Balance');
    await buyThroughApi(context, 'Amazon Rainforest Conservation', 1);
    await page.goto('/dashboard');
    const balance = page.getByRole('banner').getByTestId('header-cash-balance');
    await expect.poll(() => balance.textContent()).toBe('$49,981.13');
    expect(await fullyShown(balance)).toEqual({ scrolls: false, ellipsis: false, offScreen: false });
    const pill = page.getByRole('banner').getByTitle('Demo cash balance');
    expect(await fullyShown(pill)).toEqual({ scrolls: false, ellipsis: false, offScreen: false });
    // The text ends inside its pill, and the pill before the menu button (phones) or the account buttons.
    expect((await box(balance)).x + (await box(balance)).width).toBeLessThanOrEqual((await box(pill)).x + (await box(pill)).width);

    const recent = page.getByTestId('credit-project').first();
    await expect.poll(() => recent.textContent()).toBe('1 credit · Amazon Rainforest Conservation');
    expect(await fullyShown(recent)).toEqual({ scrolls: false, ellipsis: false, offScreen: false });
    const history = page.getByTestId('transaction-project').first();
    await expect.poll(() => history.textContent()).toContain('Amazon Rainforest Conservation');
    expect(await fullyShown(history)).toEqual({ scrolls: false, ellipsis: false, offScreen: false });
  });

  it('returns to the buy dialog after signing in from it', async () => {
    const email = await newAccount();
    const { page } = await kit.open(viewport);
    await page.goto('/marketplace');
    await page.getByLabel('Search projects').fill('atacama');
    await expect.poll(() => cards(page).count()).toBe(1);
    await cards(page).first().getByRole('button', { name: 'Buy Credits' }).click();
    await page.getByRole('dialog', { name: 'Buy Carbon Credits' }).getByRole('button', { name: /Pay with Wallet|Sign in/i }).click();
    await signInThroughForm(page, email);
    const dialog = page.getByRole('dialog', { name: 'Buy Carbon Credits' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/marketplace');
    await expect.poll(() => dialog.textContent()).toContain('Atacama Desert Solar Park');
    // The dialog was reopened once: the parameter is gone, so a reload shows the marketplace alone.
    expect(new URL(page.url()).search).toBe('');
  });

  it.each([
    ['the portfolio', '/portfolio'],
    ['the developers screen', '/developers'],
    ['the activity page', '/activity?type=purchase'],
  ])('returns to %s after signing in', async (_name, path) => {
    const email = await newAccount();
    const { page } = await kit.open(viewport);
    await page.goto(path);
    // The screen's own Sign In (inside main), not the header's; both go to the same place.
    await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).first().click();
    await signInThroughForm(page, email);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
    await page.getByRole('banner').getByTitle('Demo cash balance').waitFor();
  });

  it('returns to the trading pair after signing in from the order panel', async () => {
    const email = await newAccount();
    const { page } = await kit.open(viewport);
    const projects = (await (await page.request.get('/api/projects')).json()) as Array<{ id: number; name: string }>;
    const rwanda = projects.find((project) => project.name === 'Rwanda Clean Cookstoves')!;
    await page.goto(`/trading?project=${rwanda.id}`);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signInThroughForm(page, email);
    await page.waitForURL((url) => url.pathname === '/trading' && url.searchParams.get('project') === String(rwanda.id));
    await page.getByTestId('cash-balance').waitFor();
  });
});

/** Sells `quantity` of the seller's credits at `price` on the book and has the buyer take them with a market buy. */
async function tradeAt(seller: BrowserContext, buyer: BrowserContext, projectId: number, quantity: number, price: string) {
  const order = await seller.request.post('/api/trading/orders', { data: { projectId, orderType: 'sell', quantity, pricePerCredit: price } });
  expect(order.status()).toBe(201);
  const market = await buyer.request.post('/api/trading/market-order', { data: { projectId, orderType: 'buy', quantity } });
  expect(market.ok()).toBe(true);
}

describe('the project page price history', () => {
  it("draws one day of trades and shows that day's real low and high", async () => {
    const seller = await kit.open({ width: 1440, height: 900 }, 'Seller');
    const buyer = await kit.open({ width: 375, height: 812 }, 'Buyer');
    const projectId = await buyThroughApi(seller.context, 'Gazi Bay Mangrove Restoration', 10);
    await tradeAt(seller.context, buyer.context, projectId, 2, '18.00');
    await tradeAt(seller.context, buyer.context, projectId, 3, '24.93');
    for (const { page } of [seller, buyer]) {
      await page.goto(`/projects/${projectId}`);
      const chart = page.getByTestId('price-history-chart');
      await chart.waitFor();
      const rect = await box(chart);
      expect(rect.height).toBeGreaterThan(100);
      // Something is drawn across the chart: the close line spans its width.
      const line = chart.locator('polyline');
      expect((await box(line)).width).toBeGreaterThan(rect.width * 0.9);
      expect(await page.getByTestId('price-history-low').textContent()).toBe('Low $18.00');
      expect(await page.getByTestId('price-history-high').textContent()).toBe('High $24.93');
      await page.getByText('1 day with trades').waitFor();
      expect(await page.locator('main').textContent()).not.toMatch(/\b1 days\b/);
    }
  });
});

describe('/activity', () => {
  it.each(VIEWPORTS)('at %s lists every transaction with filters, pages and the CSV, linked from the dashboard', async (_label, viewport) => {
    const { page, context } = await kit.open(viewport, 'Activist');
    // A project of its own per run: a project has one pool.
    const projectName = viewport.width < 768 ? 'Ohio Landfill Gas Capture' : 'Pennsylvania Coal Mine Methane';
    const chosen = await buyThroughApi(context, projectName, 30);
    for (let lot = 0; lot < 23; lot += 1) await buyThroughApi(context, 'Rwanda Clean Cookstoves', 1);
    const credits = (await (await context.request.get('/api/credits/my')).json()) as Array<{ id: number; projectId: number }>;
    const lot = credits.find((credit) => credit.projectId === chosen)!;
    expect((await context.request.post(`/api/credits/${lot.id}/retire`, { data: { reason: 'Activity test', quantity: 2 } })).status()).toBe(201);
    expect((await context.request.post('/api/trading/pools', { data: { projectId: chosen, creditReserve: 10, tokenReserve: '95' } })).status()).toBe(201);
    // 24 purchases, a retirement and a pool deposit: 26 rows, two pages of 25.

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'View all activity' }).click();
    await page.waitForURL('**/activity');
    const rows = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(25);
    await expect.poll(() => page.getByTestId('activity-count').textContent()).toBe('26 transactions · page 1 of 2');
    expect(await seriousAxeFindings(page)).toEqual([]);
    for (const type of ['purchase', 'retirement', 'liquidity_add']) {
      expect(await page.locator(`li[data-transaction-type="${type}"]`).count()).toBeGreaterThan(0);
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => rows.count()).toBe(25);

    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Retirements' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(projectName);
    expect(await rows.first().getByRole('link', { name: /Certificate CERT-/ }).count()).toBe(1);
    expect(await fullyShown(rows.first())).toEqual({ scrolls: false, ellipsis: false, offScreen: false });

    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Purchases' }).click();
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: projectName }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => page.getByTestId('activity-count').textContent()).toBe('1 transaction · page 1 of 1');

    // Days are UTC days; nothing was bought tomorrow.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From (UTC day)').fill(tomorrow);
    await page.getByText('No transactions match').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.getByTestId('activity-count').textContent()).toBe('26 transactions · page 1 of 2');

    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Pool changes' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1].split(',')[2]).toBe('liquidity_add');
    await animationsSettled(page.getByRole('main'));
  });
});
