import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyThroughApi, startBrowserKit, VIEWPORTS, type BrowserKit } from '@tests/support/browser-kit';

// The retire dialog reads its lots from the server 50 at a time and searches the rest there: a market maker holds
// thousands of active 1 t fragments, and the Portfolio must not read them all to offer one. A server of its own, as
// the chain anchors every lot bought here while the pages load.
const POLL = { timeout: 15_000 };

let kit: BrowserKit;

beforeAll(async () => {
  kit = await startBrowserKit();
});

afterAll(async () => {
  await kit?.close();
});

describe.each(VIEWPORTS)('at %s', (_label, viewport) => {
  it('offers a market maker\'s many active lots 50 at a time in the retire dialog, finds the rest by project or serial, and keeps a row\'s lot chosen', async () => {
    const { page, context } = await kit.open(viewport, 'Maker');
    for (let lot = 0; lot < 53; lot++) await buyThroughApi(context, 'Amazon Rainforest Conservation', 1);
    await buyThroughApi(context, 'Gazi Bay Mangrove Restoration', 2);
    await buyThroughApi(context, 'Gazi Bay Mangrove Restoration', 3);
    const lots = (await (await context.request.get('/api/credits/my')).json()) as Array<{ id: number; projectName: string; serialRange: string }>;
    await page.goto('/portfolio');
    const active = page.getByText(/^\d+% · [\d,]+ t$/).first();
    await expect.poll(() => active.textContent(), POLL).toBe('100% · 58 t');

    const dialog = page.getByRole('dialog', { name: 'Retire Carbon Credits' });
    const options = page.getByRole('option');
    await page.getByRole('button', { name: 'Retire Credits', exact: true }).click();
    await dialog.getByText('The newest 50 of 55 active lots: search to narrow them.').waitFor();
    await dialog.getByRole('combobox', { name: 'Credit' }).click();
    await expect.poll(() => options.count(), POLL).toBe(50);
    await page.keyboard.press('Escape');
    await dialog.getByLabel('Find a credit by project or serial').fill('gazi');
    await expect.poll(() => dialog.getByText(/^The newest 50 of/).count(), POLL).toBe(0);
    await dialog.getByRole('combobox', { name: 'Credit' }).click();
    await expect.poll(() => options.count(), POLL).toBe(2);
    expect(await options.allTextContents()).toEqual([expect.stringMatching(/^Gazi Bay Mangrove Restoration · 2022 · 3 t · Credit #/), expect.stringMatching(/^Gazi Bay Mangrove Restoration · 2022 · 2 t · Credit #/)]);
    await options.last().click();
    expect(await dialog.getByLabel(/^Quantity/).inputValue()).toBe('2');
    await dialog.getByRole('button', { name: 'Retire Credits' }).click();
    await page.getByText(/Certificate CERT-[A-Z2-7]{16}/).first().waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => active.textContent(), POLL).toBe('97% · 56 t');
    const done = page.getByRole('dialog', { name: 'Credits Retired' });
    await done.waitFor();
    await page.keyboard.press('Escape');
    await done.waitFor({ state: 'hidden' });

    // A serial finds the one lot that holds it.
    const oldest = lots.at(-1)!;
    await page.getByRole('button', { name: 'Retire Credits', exact: true }).click();
    await dialog.getByLabel('Find a credit by project or serial').fill(oldest.serialRange);
    await dialog.getByRole('combobox', { name: 'Credit' }).click();
    await expect.poll(() => options.count(), POLL).toBe(1);
    await options.first().click();
    await dialog.getByText(`Serials ${oldest.serialRange}`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The oldest lot is past the newest 50: opened from its row, the dialog still has it chosen.
    const phone = viewport.width < 768;
    await page.getByRole('button', { name: 'Show 5 more' }).click();
    const rows = page.getByRole(phone ? 'list' : 'table', { name: 'Credit Holdings' }).locator(phone ? 'li' : 'tbody tr');
    await expect.poll(() => rows.count(), POLL).toBe(55);
    await rows.last().getByRole('button', { name: /^Retire / }).click();
    await dialog.getByText(`Serials ${oldest.serialRange}`).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Credit' }).textContent()).toContain('Amazon Rainforest Conservation · 2021 · 1 t');
  });
});

describe('a chosen lot that goes elsewhere while the retire dialog is open', () => {
  it('is no longer offered once the server says so, and the dialog says why', async () => {
    const { page, context } = await kit.open(VIEWPORTS[1][1], 'Elsewhere');
    await buyThroughApi(context, 'Amazon Rainforest Conservation', 2);
    await buyThroughApi(context, 'Gazi Bay Mangrove Restoration', 3);
    const lots = (await (await context.request.get('/api/credits/my')).json()) as Array<{ id: number; projectName: string; serialRange: string }>;
    const amazon = lots.find((lot) => lot.projectName === 'Amazon Rainforest Conservation')!;
    await page.goto('/portfolio');
    const rows = page.getByRole('table', { name: 'Credit Holdings' }).locator('tbody tr');
    await expect.poll(() => rows.count(), POLL).toBe(2);
    await rows.filter({ hasText: 'Amazon Rainforest Conservation' }).getByRole('button', { name: /^Retire / }).click();
    const dialog = page.getByRole('dialog', { name: 'Retire Carbon Credits' });
    await dialog.getByText(`Serials ${amazon.serialRange}`).waitFor();

    // Retired in another tab meanwhile: this dialog's retirement is refused, and the lot leaves the choice.
    const elsewhere = await context.request.post(`/api/credits/${amazon.id}/retire`, { data: { reason: 'Retired in another tab' } });
    expect(elsewhere.status()).toBe(201);
    await dialog.getByRole('button', { name: 'Retire Credits' }).click();
    await dialog.getByText(`Credit ${amazon.serialRange} was sold or retired elsewhere: choose another credit.`).waitFor({ timeout: 15_000 });
    expect(await dialog.getByText(`Serials ${amazon.serialRange}`).count()).toBe(0);
    await dialog.getByRole('combobox', { name: 'Credit' }).click();
    const options = page.getByRole('option');
    await expect.poll(() => options.allTextContents(), POLL).toEqual([expect.stringMatching(/^Gazi Bay Mangrove Restoration · 2022 · 3 t/)]);
  });
});
