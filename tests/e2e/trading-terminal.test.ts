import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyThroughApi, DESKTOP, elementsOutside, PHONE, startBrowserKit, toastText, type BrowserKit } from '@tests/support/browser-kit';

// Issue #18: /trading as a terminal at ≥ 1024 px and a stacked screen on phones, the book one tap away.
const PROJECT = 'Scottish Highlands Native Woodland';

let kit: BrowserKit;
let projectId: number;

beforeAll(async () => {
  kit = await startBrowserKit();
  // A maker with two asks and a bid, and one trade (by a taker) so that there is a last price and a candle.
  const maker = await kit.open(DESKTOP, 'Maker');
  projectId = await buyThroughApi(maker.context, PROJECT, 20);
  for (const [orderType, quantity, pricePerCredit] of [['sell', 4, '80.00'], ['sell', 6, '81.50'], ['buy', 3, '76.00']] as const) {
    const placed = await maker.context.request.post('/api/trading/orders', { data: { projectId, orderType, quantity, pricePerCredit } });
    expect(placed.status()).toBe(201);
  }
  const taker = await kit.open(DESKTOP, 'Taker');
  expect((await taker.context.request.post('/api/trading/market-order', { data: { projectId, orderType: 'buy', quantity: 1 } })).ok()).toBe(true);
});

afterAll(async () => {
  await kit?.close();
});

async function openTrading(page: Page): Promise<void> {
  await page.goto('/trading');
  await page.getByRole('combobox', { name: 'Select Trading Pair' }).click();
  await page.getByRole('option', { name: new RegExp(PROJECT) }).click();
  await page.getByRole('table', { name: 'Order book' }).or(page.getByRole('radio', { name: 'Order Book' })).first().waitFor();
}

describe('at 1440 px', () => {
  it('puts the chart, the always-visible order book and order entry side by side under a ticker strip', async () => {
    const { page } = await kit.open(DESKTOP, 'Wide');
    await openTrading(page);
    const chart = page.getByRole('img', { name: /Candlestick chart/ });
    const book = page.getByRole('table', { name: 'Order book' });
    const entry = page.getByRole('heading', { name: 'Place Order' });
    const ticker = page.getByRole('region', { name: 'Market statistics' });
    await chart.waitFor();
    const [chartBox, bookBox, entryBox, tickerBox] = await Promise.all([chart.boundingBox(), book.boundingBox(), entry.boundingBox(), ticker.boundingBox()]);
    // One row: chart left of the book, the book left of order entry, all starting near the same height.
    expect(chartBox!.x + chartBox!.width).toBeLessThanOrEqual(bookBox!.x);
    expect(bookBox!.x + bookBox!.width).toBeLessThanOrEqual(entryBox!.x);
    expect(Math.abs(bookBox!.y - chartBox!.y)).toBeLessThan(120);
    expect(chartBox!.height).toBeGreaterThanOrEqual(400);
    // The stats are a strip, not a block of cards: one band above the terminal.
    expect(tickerBox!.height).toBeLessThan(90);
    expect(tickerBox!.y + tickerBox!.height).toBeLessThanOrEqual(chartBox!.y);
    // The phone-only switch is not shown.
    expect(await page.getByRole('radiogroup', { name: 'Market view' }).isVisible()).toBe(false);
  });

  it('shows depth bars, the last price and spread row, and fills the order form from a clicked level', async () => {
    const { page } = await kit.open(DESKTOP, 'Clicker');
    await openTrading(page);
    const book = page.getByRole('table', { name: 'Order book' });
    await expect.poll(() => page.getByTestId('last-price').textContent()).toContain('$80.00');
    await expect.poll(() => page.getByTestId('spread').textContent()).toBe('Spread: $4.00');
    // 3 t left at $80.00 and 6 t at $81.50: the deeper ask's bar spans the whole scale (9 t), the best one a third.
    const bar = (price: string) => book.locator('tr[data-side]').filter({ hasText: price }).evaluate((row) => getComputedStyle(row).backgroundImage);
    expect(await bar('$81.50')).toContain('100%');
    expect(await bar('$80.00')).toContain('33.3%');
    await book.getByRole('button', { name: '$81.50' }).click();
    expect(await page.getByRole('radio', { name: 'Buy' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('Price per Credit').inputValue()).toBe('81.50');
    expect(await page.getByLabel('Quantity').inputValue()).toBe('6');
    await book.getByRole('button', { name: '$76.00' }).click();
    expect(await page.getByRole('radio', { name: 'Sell' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('Price per Credit').inputValue()).toBe('76.00');
    // A quantity the user typed is kept.
    expect(await page.getByLabel('Quantity').inputValue()).toBe('6');
  });

  it('labels the chart with an OHLC legend', async () => {
    const { page } = await kit.open(DESKTOP);
    await openTrading(page);
    const legend = page.getByTestId('ohlc-legend');
    await expect.poll(() => legend.textContent()).toMatch(/^O80\.00H80\.00L80\.00C80\.00Vol1$/);
  });

  it('previews and reports fills with their figures, a partial fill, and a market order on an empty side that would fill nothing', async () => {
    const { page } = await kit.open(DESKTOP, 'Buyer');
    await openTrading(page);
    // The asks left: 3 t at $80.00 and 6 t at $81.50, and no pool. Take the first, then more than the rest, then
    // try to buy from an empty side.
    const marketBuy = async (quantity: number) => {
      await page.getByLabel('Quantity').fill(String(quantity));
      await page.getByRole('button', { name: 'Market Buy' }).click();
      const preview = page.getByRole('dialog', { name: new RegExp(`^Market Buy · ${quantity} credits$`) });
      await preview.getByTestId('market-preview').waitFor();
      return preview;
    };
    let preview = await marketBuy(3);
    await preview.getByRole('button', { name: 'Confirm Market Buy' }).click();
    await toastText(page, 'Bought 3 credits').waitFor();
    await toastText(page, 'Average $80.00 · total $240.00, from the order book.').waitFor();
    preview = await marketBuy(100);
    expect(await preview.getByTestId('preview-quantity').textContent()).toBe('6 credits of 100 credits');
    await preview.getByText('The other 94 credits would be cancelled: the book and the pool offer no more.').waitFor();
    await preview.getByRole('button', { name: 'Confirm Market Buy' }).click();
    await toastText(page, 'Bought 6 credits').waitFor();
    await toastText(page, 'Average $81.50 · total $489.00, from the order book. Filled 6 credits of 100 credits; the rest was cancelled.').waitFor();
    preview = await marketBuy(2);
    await preview.getByText('Nothing would fill: there are no sell orders or pool liquidity to buy from.').waitFor();
    expect(await preview.getByRole('button', { name: 'Confirm Market Buy' }).isDisabled()).toBe(true);
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await preview.waitFor({ state: 'hidden' });
    // The quantity stays, ready to become a limit order.
    expect(await page.getByLabel('Quantity').inputValue()).toBe('2');
  });
});

describe('at 375 px', () => {
  it('stacks the screen, keeps the book one tap away, and shows trades and orders as cards that fit', async () => {
    const { page } = await kit.open(PHONE, 'Phone');
    await openTrading(page);
    const main = page.getByRole('main');
    await page.getByRole('img', { name: /Candlestick chart/ }).waitFor();
    expect(await page.getByRole('table', { name: 'Order book' }).isVisible()).toBe(false);
    await page.getByRole('radio', { name: 'Order Book' }).click();
    const book = page.getByRole('table', { name: 'Order book' });
    await book.waitFor();
    expect(await page.getByRole('img', { name: /Candlestick chart/ }).isVisible()).toBe(false);
    await book.getByRole('button', { name: '$76.00' }).click();
    expect(await page.getByLabel('Price per Credit').inputValue()).toBe('76.00');

    await page.getByRole('tab', { name: 'Recent Trades' }).click();
    const trades = page.getByRole('list', { name: 'Recent trades' });
    await trades.getByText('$80.00 × 1 t').first().waitFor();
    expect(await page.getByRole('table', { name: 'Recent trades' }).isVisible()).toBe(false);
    expect(await elementsOutside(main)).toEqual([]);
  });

  it('shows my orders as cards with their Cancel buttons inside the screen', async () => {
    const { page, context } = await kit.open(PHONE, 'Orders');
    await buyThroughApi(context, PROJECT, 2);
    expect((await context.request.post('/api/trading/orders', { data: { projectId, orderType: 'sell', quantity: 2, pricePerCredit: '99.00' } })).status()).toBe(201);
    await openTrading(page);
    await page.getByRole('tab', { name: 'My Orders' }).click();
    const orders = page.getByRole('list', { name: 'My orders' });
    const cancel = orders.getByRole('button', { name: /^Cancel sell order of 2/ });
    await cancel.waitFor();
    const box = await cancel.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await elementsOutside(page.getByRole('main'))).toEqual([]);
  });
});
