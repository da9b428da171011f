import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled, buyThroughApi, elementsOutside, startBrowserKit, type BrowserKit } from '@tests/support/browser-kit';

// Issue #18: on a phone no dialog may cut off its content. The page itself never scrolls sideways, so only
// measuring finds a clipped button: every element must lie inside the dialog's box, at 375 and at 320 px.
const WIDTHS = [375, 320];
const PROJECT = 'Amazon Rainforest Conservation';

let kit: BrowserKit;
let page: Page;

beforeAll(async () => {
  kit = await startBrowserKit();
  const opened = await kit.open({ width: 375, height: 740 }, 'Philippa');
  page = opened.page;
  // The simulated wallet connects at once and never fails, so the connected view can be measured too.
  await opened.context.addInitScript(() => {
    (window as Window & { __walletSimulation?: object }).__walletSimulation = { delayMs: 0, failureRate: 0 };
  });
  // A holding whose project name is long enough to overflow a phone's select.
  await buyThroughApi(opened.context, PROJECT, 30);
});

afterAll(async () => {
  await kit?.close();
});

/** At each phone width: nothing inside the dialog (or other container) lies outside its box. */
async function expectFits(container: Locator): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    await animationsSettled(container);
    await expect.poll(() => elementsOutside(container), { timeout: 3_000 }).toEqual([]);
  }
  await page.setViewportSize({ width: 375, height: 740 });
}

/** Opens a button of the phone's navigation menu (the bar's buttons live in the menu below lg). */
async function fromMenu(label: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: label }).click();
}

describe('every dialog fits a phone', () => {
  it('Connect Wallet, before and after connecting', async () => {
    await page.goto('/marketplace');
    await fromMenu('Wallet');
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    await dialog.getByRole('button', { name: /MetaMask/ }).waitFor();
    await expectFits(dialog);
    await dialog.getByRole('button', { name: /WalletConnect/ }).click();
    await dialog.getByText('Wallet Connected', { exact: true }).waitFor();
    await expectFits(dialog);
    await dialog.getByRole('button', { name: 'Disconnect Wallet' }).click();
    await page.keyboard.press('Escape');
  });

  it('Buy Carbon Credits', async () => {
    await page.goto('/marketplace');
    await page.getByRole('button', { name: 'Buy Credits' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Buy Carbon Credits' });
    await dialog.getByRole('button', { name: 'Pay with Wallet' }).waitFor();
    await expectFits(dialog);
    await page.keyboard.press('Escape');
  });

  it('Retire Carbon Credits with a holding selected, and its dropdown no wider than the select', async () => {
    await page.goto('/portfolio');
    await page.getByRole('button', { name: 'Retire Credits' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Retire Carbon Credits' });
    const select = dialog.getByRole('combobox', { name: 'Credit' });
    // Measured before opening (an open select hides everything but its list from the accessibility tree), once the
    // dialog's opening scale has ended: mid-animation the trigger measured 298.5 px against the list's 301.
    await animationsSettled(dialog);
    const trigger = await select.boundingBox();
    await select.click();
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    await animationsSettled(listbox);
    const list = await listbox.boundingBox();
    expect(list!.width).toBeLessThanOrEqual(trigger!.width + 1);
    expect(list!.x + list!.width).toBeLessThanOrEqual(375);
    await page.getByRole('option', { name: new RegExp(PROJECT) }).click();
    await dialog.getByText(/^Serials /).waitFor();
    await expectFits(dialog);
    await page.keyboard.press('Escape');
  });

  it('the liquidity pool forms (create, then add, remove and swap)', async () => {
    await page.goto('/trading');
    await page.getByRole('combobox', { name: 'Select Trading Pair' }).click();
    await page.getByRole('option', { name: new RegExp(PROJECT) }).click();
    await page.getByRole('tab', { name: 'Liquidity Pool' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Liquidity Pool' });
    await panel.getByLabel('Credit amount').waitFor();
    await expectFits(panel);
    await panel.getByLabel('Credit amount').fill('10');
    await panel.getByLabel('Token amount ($)').fill('200');
    await panel.getByRole('button', { name: 'Create Pool' }).click();
    await panel.getByRole('heading', { name: 'Swap' }).waitFor({ timeout: 20_000 });
    await expectFits(panel);
  });

  it('Blockchain Demo, with the demo wallet connected', async () => {
    await page.goto('/marketplace');
    await fromMenu('Blockchain Demo');
    const dialog = page.getByRole('dialog', { name: 'Blockchain Demo' });
    await dialog.getByRole('button', { name: 'Connect Demo Wallet' }).click();
    await dialog.getByRole('button', { name: 'Create Blockchain Project' }).and(page.locator(':enabled')).waitFor();
    await expectFits(dialog);
    await page.keyboard.press('Escape');
  });

  it('Satellite MRV Demo, with a report', async () => {
    await page.goto('/marketplace');
    await fromMenu('Satellite Demo');
    const dialog = page.getByRole('dialog', { name: 'Satellite MRV Demo' });
    await dialog.getByRole('button', { name: /^Amazon Rainforest/ }).click();
    await dialog.getByRole('button', { name: 'Generate Satellite Report' }).click();
    await dialog.getByText('Verification Report', { exact: false }).first().waitFor({ timeout: 20_000 });
    await expectFits(dialog);
    await page.keyboard.press('Escape');
  });
});

describe('a dialog on a touch screen', () => {
  it('opens focused on itself, so no keyboard covers it, where a mouse lands on its first field', async () => {
    const touch = await kit.open({ width: 375, height: 740 }, 'Tomas', { hasTouch: true, isMobile: true });
    for (const [screen, focused] of [[touch.page, 'the dialog'], [page, 'a field inside it']] as const) {
      await screen.goto('/marketplace');
      await screen.getByRole('button', { name: 'Buy Credits' }).first().click();
      const dialog = screen.getByRole('dialog', { name: 'Buy Carbon Credits' });
      await dialog.getByRole('button', { name: 'Pay with Wallet' }).waitFor();
      const where = () => dialog.evaluate((element) => {
        const active = document.activeElement;
        if (active === element) return 'the dialog';
        return active && element.contains(active) ? 'a field inside it' : `outside it: ${active?.outerHTML.slice(0, 80)}`;
      });
      await expect.poll(where).toBe(focused);
      await screen.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  });
});
