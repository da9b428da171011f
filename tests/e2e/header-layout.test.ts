import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserKit, type BrowserKit } from '@tests/support/browser-kit';

// Issue #18: at 1280 px the signed-in header pushed "Log out" off-screen, and at 1024 px the name and account
// buttons too. Every element of the bar must lie inside the viewport at every width, signed in or not; and the
// trading terminal's chart must fill its grid row where the book and order entry stack beside it.
const WIDTHS = [375, 1024, 1280, 1440];

let kit: BrowserKit;

beforeAll(async () => {
  kit = await startBrowserKit();
});

afterAll(async () => {
  await kit?.close();
});

/** Rendered elements of the page's header that reach past the viewport's left or right edge. */
function headerElementsOutside(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((header) => [...header.querySelectorAll('*')]
    .filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && (rect.left < -0.5 || rect.right > window.innerWidth + 0.5);
    })
    .map((element) => `<${element.tagName.toLowerCase()}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(element.getBoundingClientRect().right)}`));
}

describe('the header', () => {
  it('keeps every element inside the viewport when signed in, from 375 to 1440 px', async () => {
    const { page } = await kit.open({ width: 1440, height: 900 }, 'Maximilian-Alexander');
    await page.goto('/marketplace');
    await page.getByRole('banner').getByTitle('Demo cash balance').waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect({ width, outside: await headerElementsOutside(page) }).toEqual({ width, outside: [] });
    }
    // Log out stays one click (or the menu's one tap) away at every width; the organisation switcher keeps room
    // to show a name (it was squeezed to its arrow at 1440 px), and the account pages are one menu away.
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const banner = page.getByRole('banner');
      expect(await banner.getByRole('link', { name: 'Log out' }).isVisible()).toBe(true);
      expect((await banner.getByRole('combobox', { name: 'Organisation' }).boundingBox())!.width).toBeGreaterThanOrEqual(150);
      expect(await banner.getByRole('button', { name: 'Account menu' }).isVisible()).toBe(true);
    }
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.getByRole('dialog').getByRole('link', { name: 'Log out' }).isVisible()).toBe(true);
  });

  it('keeps every element inside the viewport when signed out', async () => {
    const { page } = await kit.open({ width: 1440, height: 900 });
    await page.goto('/marketplace');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).first().waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect({ width, outside: await headerElementsOutside(page) }).toEqual({ width, outside: [] });
    }
  });
});

describe('the trading terminal at 1024 px', () => {
  it('stretches the chart card to the bottom of the order entry beside it', async () => {
    const { page } = await kit.open({ width: 1024, height: 900 }, 'Chartist');
    await page.goto('/trading');
    const entry = page.getByRole('heading', { name: 'Place Order' });
    const chartTitle = page.getByRole('heading', { name: 'Price Chart' });
    await entry.waitFor();
    const boxOfCard = (locator: typeof entry) => locator.evaluate((element) => {
      const card = element.closest('.rounded-xl');
      const rect = (card ?? element).getBoundingClientRect();
      return { left: rect.left, bottom: rect.bottom };
    });
    const [chartCard, entryCard] = [await boxOfCard(chartTitle), await boxOfCard(entry)];
    expect(chartCard.left).toBeLessThan(entryCard.left);
    expect(Math.abs(chartCard.bottom - entryCard.bottom)).toBeLessThanOrEqual(1);
  });
});
