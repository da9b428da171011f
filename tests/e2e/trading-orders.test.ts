import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled, buyThroughApi, chooseOption, DESKTOP, elementsOutside, seriousAxeFindings, startBrowserKit, toastText, VIEWPORTS, type BrowserKit } from '@tests/support/browser-kit';

// Issue 31, item 5: the terminal shows time in force, stops, amend, cancel-all and one's own orders in the book.
const PROJECT = 'Scottish Highlands Native Woodland';

let kit: BrowserKit;
let projectId: number;

beforeAll(async () => {
  kit = await startBrowserKit();
  // Asks at $80.00 and $81.50, a bid at $76.00, and a trade at $80.00: the last price the stops are placed against.
  const maker = await kit.open(DESKTOP, 'Maker');
  projectId = await buyThroughApi(maker.context, PROJECT, 20);
  for (const [orderType, quantity, pricePerCredit] of [['sell', 4, '80.00'], ['sell', 6, '81.50'], ['buy', 3, '76.00']] as const) {
    expect((await maker.context.request.post('/api/trading/orders', { data: { projectId, orderType, quantity, pricePerCredit } })).status()).toBe(201);
  }
  const taker = await kit.open(DESKTOP, 'Taker');
  expect((await taker.context.request.post('/api/trading/market-order', { data: { projectId, orderType: 'buy', quantity: 1 } })).ok()).toBe(true);
});

afterAll(async () => {
  await kit?.close();
});

async function openTrading(page: Page): Promise<void> {
  await page.goto(`/trading?project=${projectId}`);
  await page.getByRole('heading', { name: 'Place Order' }).waitFor();
  await page.getByTestId('cash-balance').waitFor();
}

async function placeThroughApi(context: BrowserContext, data: Record<string, unknown>): Promise<number> {
  const placed = await context.request.post('/api/trading/orders', { data: { projectId, ...data } });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { order: { id: number } }).order.id;
}

/** A datetime-local value (the browser's time zone, as this machine's) for tomorrow at 14:00. */
function tomorrowAtTwo(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T14:00`;
}

describe.each(VIEWPORTS)('at %s', (_label, viewport) => {
  const phone = viewport.width < 640;
  // Phones list orders as cards, wider screens as a table; both carry data-order-id.
  const myOrders = (page: Page) => (phone ? page.getByRole('list', { name: 'My orders' }) : page.getByRole('table', { name: 'My orders' }));
  const openMyOrders = async (page: Page) => {
    await page.getByRole('tab', { name: 'My Orders' }).click();
    await myOrders(page).waitFor();
  };
  const chooseGoodTillDate = (page: Page) => chooseOption(page, page.getByRole('combobox', { name: 'Time in force' }), 'GTD · Good till date');

  it('places a GTD order from the Advanced section and shows its expiry in My Orders', async () => {
    const { page } = await kit.open(viewport, 'Dated');
    await openTrading(page);
    const advanced = page.getByRole('button', { name: 'Advanced' });
    expect(await advanced.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Time in force').count()).toBe(0);
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Price per Credit').fill('70.00');
    await advanced.click();
    await chooseGoodTillDate(page);
    await page.getByText('Rests like GTC, then is cancelled at the time you choose.').waitFor();
    // Post-only goes with GTC only.
    expect(await page.getByRole('checkbox', { name: 'Post only' }).isDisabled()).toBe(true);
    await page.getByLabel('Expires at').fill(tomorrowAtTwo());
    await page.getByRole('button', { name: 'Place BUY Order' }).click();
    await toastText(page, 'Order added to orderbook').waitFor();
    await openMyOrders(page);
    const expiry = myOrders(page).getByTestId('order-expiry');
    await expect.poll(() => expiry.textContent()).toMatch(/^GTD · Expires \d{1,2} [A-Z][a-z]{2}( \d{4})? 14:00$/);
  });

  it('places a stop-limit order and shows it waiting and not amendable', async () => {
    const { page } = await kit.open(viewport, 'Stopper');
    await openTrading(page);
    await page.getByLabel('Quantity').fill('1');
    await page.getByLabel('Price per Credit').fill('91.00');
    await page.getByRole('button', { name: 'Advanced' }).click();
    await page.getByLabel('Stop price').fill('90.00');
    await page.getByText('triggers when the last trade reaches it (at or above)', { exact: false }).waitFor();
    // Its longest choices ("Stop-limit: place my limit order") stay inside the section, in the narrow desktop panel too.
    const panelId = await page.getByRole('button', { name: 'Advanced' }).getAttribute('aria-controls');
    expect(await elementsOutside(page.locator(`[id="${panelId}"]`))).toEqual([]);
    // A stop is GTC only: the other times in force are off, and so is post-only.
    await page.getByRole('combobox', { name: 'Time in force' }).click();
    expect(await page.getByRole('option', { name: /^IOC/ }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('checkbox', { name: 'Post only' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Place BUY Order' }).click();
    await toastText(page, 'Stop order waiting: it triggers when the last trade reaches $90.00').waitFor();
    await openMyOrders(page);
    const stop = myOrders(page).getByTestId('stop-badge');
    await expect.poll(() => stop.textContent()).toBe('Stop-limit $90.00 · waiting');
    expect(await myOrders(page).getByRole('button', { name: /^Amend buy order of 1/ }).isDisabled()).toBe(true);
  });

  it('shows the server\'s refusal when a stop is already reached', async () => {
    const { page } = await kit.open(viewport, 'Late');
    await openTrading(page);
    await page.getByLabel('Quantity').fill('1');
    await page.getByLabel('Price per Credit').fill('79.00');
    await page.getByRole('button', { name: 'Advanced' }).click();
    // A buy stop at or below the last trade ($80.00) would trigger at once: 422 with the server's words.
    await page.getByLabel('Stop price').fill('79.00');
    await page.getByRole('button', { name: 'Place BUY Order' }).click();
    await toastText(page, 'A buy stop must be above the last trade price of $80.00: a stop at $79.00 would trigger at once; nothing was placed').waitFor();
  });

  it('amends an order\'s quantity down, keeping its place, from a dialog', async () => {
    const { page, context } = await kit.open(viewport, 'Amender');
    const orderId = await placeThroughApi(context, { orderType: 'buy', quantity: 5, pricePerCredit: '70.00' });
    await openTrading(page);
    await openMyOrders(page);
    await myOrders(page).getByRole('button', { name: /^Amend buy order of 5/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Amend buy order' });
    await dialog.getByText('raising it or changing the price moves the order to the back').waitFor();
    await dialog.getByLabel('New quantity').fill('3');
    await expect.poll(() => dialog.getByTestId('amend-priority').textContent()).toBe('Fewer tonnes at the same price: the order keeps its place in the queue.');
    await dialog.getByLabel('New price per credit').fill('71.00');
    await expect.poll(() => dialog.getByTestId('amend-priority').textContent()).toBe('This loses time priority: the order goes to the back of the queue at its price.');
    await dialog.getByLabel('New price per credit').fill('70.00');
    expect(await elementsOutside(dialog)).toEqual([]);
    await animationsSettled(dialog);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Amend order' }).click();
    await toastText(page, 'Now 3 at $70.00.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => myOrders(page).locator(`[data-order-id="${orderId}"]`).textContent()).toContain('0 / 3');
  });

  it('cancels all of the pair\'s orders after a confirmation', async () => {
    const { page, context } = await kit.open(viewport, 'Canceller');
    await placeThroughApi(context, { orderType: 'buy', quantity: 2, pricePerCredit: '60.00' });
    await placeThroughApi(context, { orderType: 'buy', quantity: 1, pricePerCredit: '90.00', stopPrice: '89.00' });
    await openTrading(page);
    await openMyOrders(page);
    await expect.poll(() => page.getByTestId('live-order-count').textContent()).toBe('2 open');
    // My Orders with a GTC order and a waiting stop (badges, Amend and Cancel buttons) is readable by assistive tech.
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel all', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel all open orders?' });
    await dialog.getByText(/2 open orders of Scottish Highlands Native Woodland, waiting stops included/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel all orders' }).click();
    await toastText(page, '2 orders cancelled; what they locked is yours again.').waitFor();
    await expect.poll(() => page.getByTestId('live-order-count').textContent()).toBe('0 open');
    expect(await page.getByRole('button', { name: 'Cancel all', exact: true }).isDisabled()).toBe(true);
  });

  it('marks the book levels that hold my resting orders, not those of my waiting stops', async () => {
    const { page, context } = await kit.open(viewport, 'Marked');
    await buyThroughApi(context, PROJECT, 2);
    const ownBid = phone ? '75.00' : '74.00';
    await placeThroughApi(context, { orderType: 'buy', quantity: 1, pricePerCredit: ownBid });
    // A sell stop-limit at the maker's $81.50 level waits outside the book: that level is not mine.
    await placeThroughApi(context, { orderType: 'sell', quantity: 1, pricePerCredit: '81.50', stopPrice: '70.00' });
    await openTrading(page);
    if (phone) await page.getByRole('radio', { name: 'Order Book' }).click();
    const book = page.getByRole('table', { name: 'Order book' });
    await book.waitFor();
    const ownRows = book.locator('tr[data-own]');
    await expect.poll(() => ownRows.count()).toBe(1);
    expect(await ownRows.textContent()).toContain(`$${ownBid}`);
    await ownRows.getByRole('img', { name: /^includes your order/ }).waitFor();
  });

  it('keeps the open Advanced section inside the screen', async () => {
    const { page } = await kit.open(viewport, 'Fitter');
    await openTrading(page);
    await page.getByRole('button', { name: 'Advanced' }).click();
    await chooseGoodTillDate(page);
    await page.getByLabel('Expires at').waitFor();
    await page.getByRole('radio', { name: 'Sell' }).click();
    expect(await elementsOutside(page.getByRole('main'))).toEqual([]);
    await animationsSettled(page.getByRole('main'));
    expect(await seriousAxeFindings(page)).toEqual([]);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(viewport.width);
  });
});
