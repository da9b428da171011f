import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyThroughApi, elementsOutside, seriousAxeFindings, startBrowserKit, VIEWPORTS, type BrowserKit } from '@tests/support/browser-kit';

// Issue 30 item 4: the audit screen — reached from the Organisation page, filtered, downloaded and its chain verified.

const SHOTS = process.env.SCREENSHOT_DIR;

let kit: BrowserKit;
beforeAll(async () => { kit = await startBrowserKit(); });
afterAll(async () => { await kit?.close(); });

describe.each(VIEWPORTS)('at %s', (_name, viewport) => {
  it('an owner opens the audit log from the Organisation page, filters it, verifies the chain and gets the CSV link', async () => {
    const { context, page } = await kit.open(viewport, 'Auditor');
    const created = await context.request.post('/api/organisations', { data: { name: `Ledger Watch ${viewport.width}`, country: 'DK' } });
    expect(created.status()).toBe(201);
    expect((await context.request.post(`/api/organisations/${(await created.json()).id}/activate`)).status()).toBe(200);
    await buyThroughApi(context, 'Gazi Bay Mangrove Restoration', 2);
    const key = await context.request.post('/api/developers/keys', { data: { name: `Reporting ${viewport.width}`, scopes: ['read'] } });
    expect(key.status()).toBe(201);

    await page.goto('/organisation');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/audit');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    // Cards on a phone, a table on a desktop.
    const table = viewport.width < 1024 ? page.getByRole('list', { name: 'Audit entries' }) : page.getByRole('table', { name: 'Audit entries' });
    await table.getByText('credit.purchased').waitFor();
    expect(await table.getByText('api_key.created').isVisible()).toBe(true);
    // The organisation's creation is in its own log too.
    expect(await table.getByText('organisation.created').isVisible()).toBe(true);
    expect(await page.getByTestId('audit-count').textContent()).toMatch(/^3 entries/);

    await page.getByLabel('Action').fill('credit');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL('**/audit?action=credit');
    await page.getByTestId('audit-count').getByText(/^1 entry/).waitFor();
    expect(await table.getByText('api_key.created').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/audit.csv?action=credit');

    // The actor is picked by name among the members, not typed as a user id.
    await page.getByLabel('Actor').click();
    await page.getByRole('option', { name: /^Auditor · / }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('actor')).toMatch(/^\d+$/);
    await page.getByTestId('audit-count').getByText(/^1 entry/).waitFor();

    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByTestId('audit-verify-result').getByText(/^Chain intact: \d+ (entry|entries) checked/).waitFor();
    // The e2e server runs with the chain off: nothing is anchored, and the card says so.
    await page.getByText('Not anchored on chain yet.').waitFor();

    expect(await elementsOutside(page.locator('main'))).toEqual([]);
    expect(await seriousAxeFindings(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/audit-${viewport.width}.png`, fullPage: true });
  });
});
