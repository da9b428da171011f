import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyThroughApi, startBrowserKit, VIEWPORTS, type BrowserKit } from '@tests/support/browser-kit';

// Issue #18: every control does what it looks like it does, and every count and message is true.
const CATALOGUE_SIZE = 14;

let kit: BrowserKit;

beforeAll(async () => {
  kit = await startBrowserKit();
});

afterAll(async () => {
  await kit?.close();
});

const cards = (page: Page) => page.getByRole('button', { name: 'Buy Credits' });
const count = (page: Page) => page.getByTestId('project-count');

describe.each(VIEWPORTS)('at %s', (_label, viewport) => {
  it('counts what is shown, filters by price range, clears filters and pages with Load More Credits', async () => {
    const { page } = await kit.open(viewport);
    await page.goto('/marketplace');
    await expect.poll(() => count(page).textContent()).toBe(`${CATALOGUE_SIZE} projects loaded`);
    // Nine cards, then the rest: Load More Credits is real and disappears once everything is shown.
    await expect.poll(() => cards(page).count()).toBe(9);
    await page.getByRole('button', { name: 'Load More Credits' }).click();
    await expect.poll(() => cards(page).count()).toBe(CATALOGUE_SIZE);
    expect(await page.getByRole('button', { name: 'Load More Credits' }).count()).toBe(0);

    await page.getByLabel('Search projects').fill('solar');
    await expect.poll(() => count(page).textContent()).toBe(`Showing 2 of ${CATALOGUE_SIZE} projects`);
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    expect(await page.getByLabel('Search projects').inputValue()).toBe('');
    await expect.poll(() => count(page).textContent()).toBe(`${CATALOGUE_SIZE} projects loaded`);

    // On phones the filters live in a sheet, so that the cards come first.
    const phone = viewport.width < 768;
    if (phone) await page.getByRole('button', { name: 'Filters and sort' }).click();
    await page.getByRole('combobox', { name: 'Price Range' }).click();
    await page.getByRole('option', { name: '$50+' }).click();
    if (phone) await page.getByRole('dialog', { name: 'Filters and sort' }).getByRole('button', { name: 'Show 1 project' }).click();
    await expect.poll(() => count(page).textContent()).toBe(`Showing 1 of ${CATALOGUE_SIZE} projects`);
    await page.getByRole('heading', { name: 'Scottish Highlands Native Woodland' }).waitFor();

    await page.getByLabel('Search projects').fill('no such project');
    await page.getByText('No projects found').waitFor();
    await page.getByRole('status').getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cards(page).count()).toBe(9);
  });

  it('offers Retry when the marketplace fails to load, and loads on Retry', async () => {
    const { page } = await kit.open(viewport);
    let failing = true;
    await page.route('**/api/projects', (route) => (failing ? route.fulfill({ status: 503, body: 'down for maintenance' }) : route.fallback()));
    await page.goto('/marketplace');
    // SPEC.md §7 retries the catalogue 3 times before showing the error.
    await page.getByText('Failed to load marketplace').waitFor({ timeout: 20_000 });
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(9);
  });

  it('says when the holdings failed to load (not "No credits"), and loads them on Retry', async () => {
    const { page, context } = await kit.open(viewport, 'Retrier');
    await buyThroughApi(context, 'Amazon Rainforest Conservation', 2);
    let failing = true;
    // Every read of the lots (the held ones and each page) fails.
    await page.route((url) => url.pathname === '/api/credits/my', (route) => (failing ? route.fulfill({ status: 503, body: 'down for maintenance' }) : route.fallback()));
    await page.goto('/portfolio');
    await page.getByText('Your credit holdings could not be loaded.').waitFor({ timeout: 20_000 });
    expect(await page.getByText('No credits in your portfolio yet').count()).toBe(0);
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).first().click();
    await page.getByText('Amazon Rainforest Conservation · 2021').filter({ visible: true }).first().waitFor({ timeout: 10_000 });
  });

  it('disables Pay with the reason above it, over the cash balance or the credits available', async () => {
    const { page } = await kit.open(viewport, 'Payer');
    await page.goto('/marketplace');
    await page.getByLabel('Search projects').fill('Scottish');
    await cards(page).first().click();
    const dialog = page.getByRole('dialog', { name: 'Buy Carbon Credits' });
    const pay = dialog.getByRole('button', { name: 'Pay with Wallet' });
    expect(await pay.isEnabled()).toBe(true);
    // 700 × $78.00 + 2% = $55,692.00, above the $50,000.00 demo cash.
    await dialog.getByLabel('Quantity (credits)').fill('700');
    await dialog.getByText('Pay is disabled: the total is more than your cash balance of $50,000.00.').waitFor();
    expect(await pay.isDisabled()).toBe(true);
    await dialog.getByLabel('Quantity (credits)').fill('2001');
    await dialog.getByText('Pay is disabled: only 2,000 credits are available.').waitFor();
    expect(await pay.isDisabled()).toBe(true);
    await dialog.getByLabel('Quantity (credits)').fill('2');
    await expect.poll(() => pay.isEnabled()).toBe(true);
  });

  it('names holdings and retirements by project and vintage, gives a retired row no value, and has no dead Transfer', async () => {
    const { page, context } = await kit.open(viewport, 'Holder');
    await buyThroughApi(context, 'Amazon Rainforest Conservation', 5);
    await buyThroughApi(context, 'Gazi Bay Mangrove Restoration', 3);
    const credits = (await (await context.request.get('/api/credits/my')).json()) as Array<{ id: number; projectName: string }>;
    const gazi = credits.find((credit) => credit.projectName === 'Gazi Bay Mangrove Restoration')!;
    expect((await context.request.post(`/api/credits/${gazi.id}/retire`, { data: { reason: 'Scope 3' } })).ok()).toBe(true);

    await page.goto('/portfolio');
    const holdings = page.getByRole(viewport.width < 768 ? 'list' : 'table', { name: 'Credit Holdings' });
    const amazonRow = holdings.locator(viewport.width < 768 ? 'li' : 'tr').filter({ hasText: 'Amazon Rainforest Conservation · 2021' });
    const gaziRow = holdings.locator(viewport.width < 768 ? 'li' : 'tr').filter({ hasText: 'Gazi Bay Mangrove Restoration · 2022' });
    await amazonRow.waitFor();
    expect(await amazonRow.textContent()).toContain('$92.50');
    // 3 t × $24.00: a retired holding can never be sold, so no current value is shown.
    expect(await gaziRow.textContent()).not.toContain('$72.00');
    expect(await gaziRow.textContent()).toContain('—');
    expect(await page.getByRole('button', { name: /Transfer/ }).count()).toBe(0);
    const history = page.getByRole(viewport.width < 768 ? 'list' : 'table', { name: 'Retirement History' });
    await history.getByText('Gazi Bay Mangrove Restoration · 2022').waitFor();
  });

  it('pages a long portfolio and its retirements 50 at a time from the server, and names the last certificate without loading every transaction', async () => {
    const { page, context } = await kit.open(viewport, 'Trader');
    for (let lot = 0; lot < 53; lot++) await buyThroughApi(context, 'Amazon Rainforest Conservation', 1);
    const credits = (await (await context.request.get('/api/credits/my')).json()) as Array<{ id: number }>;
    // 51 retirements, the oldest lot's last: 53 lots in the holdings, 51 in the history.
    let certificateId = '';
    for (let lot = 2; lot < 53; lot++) {
      const retired = await context.request.post(`/api/credits/${credits[lot].id}/retire`, { data: { reason: `Scope 3 #${lot}` } });
      ({ certificateId } = (await retired.json()) as { certificateId: string });
    }
    const wanted: string[] = [];
    const lotReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/transactions/my')) wanted.push(request.url());
      if (request.url().includes('/api/credits/my')) lotReads.push(new URL(request.url()).search);
    });

    await page.goto('/portfolio');
    const phone = viewport.width < 768;
    const holdings = page.getByRole(phone ? 'list' : 'table', { name: 'Credit Holdings' });
    const rows = holdings.locator(phone ? 'li' : 'tbody tr');
    // The first page can take seconds while the chain anchors the 104 operations just made: wait for it as waitFor does.
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(50);
    await page.getByText('50 of 53 shown').waitFor();
    await page.getByRole('button', { name: 'Show 3 more' }).click();
    await expect.poll(() => rows.count()).toBe(53);
    await page.getByText('50 of 51 shown').waitFor();
    const history = page.getByRole(phone ? 'list' : 'table', { name: 'Retirement History' });
    const retiredRows = history.locator(phone ? 'li' : 'tbody tr');
    expect(await retiredRows.count()).toBe(50);
    // Newest retirement first: the last one made leads, with its certificate.
    expect(await retiredRows.first().textContent()).toContain(certificateId);
    await page.getByRole('button', { name: 'Show 1 more' }).click();
    await expect.poll(() => retiredRows.count()).toBe(51);
    expect(await retiredRows.last().textContent()).toMatch(/Scope 3 #2(?!\d)/);
    expect(await page.getByRole('button', { name: /^Show \d+ more$/ }).count()).toBe(0);
    const lastCertificate = page.locator('dt', { hasText: 'Last Certificate' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => lastCertificate.textContent()).toBe(certificateId);
    // Neither the whole list of lots nor the whole transaction history is ever asked for: only pages.
    expect(lotReads.length).toBeGreaterThan(0);
    for (const search of lotReads) expect(search).toMatch(/offset=\d+/);
    expect(wanted).toEqual([]);
  });
});
