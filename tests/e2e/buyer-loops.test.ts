import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from '@/shared/schemas/certificate';
import type { MarketOrderQuote } from '@/shared/schemas/trading';
import { formatUsd } from '@/client/lib/format';
import { chainOn, TEST_CUSTODY_KEY } from '@tests/api/chain/chain-kit';
import { buyThroughApi, elementsOutside, seriousAxeFindings, toastText, VIEWPORTS, type BrowserKit, startBrowserKit } from '@tests/support/browser-kit';

// Issue items 3, 7 and 8: a market order is previewed (average, where, slippage) and its toast gives the figures and
// leads to the order; the book marks one's own orders; a retirement ends on its certificate, printable at once,
// with the real on-chain transaction (the chain is on here) instead of a made-up hash.
const POOL_PROJECT = 'Rwanda Clean Cookstoves';
const BOOK_PROJECT = 'Scottish Highlands Native Woodland';
const BENEFICIARY = 'Łódź – Москва – Ελλάς 東京電力';
const FLOW_TIMEOUT_MS = 20_000;

let kit: BrowserKit;
let poolProjectId: number;
let bookProjectId: number;

beforeAll(async () => {
  kit = await startBrowserKit(chainOn(), { chain: { privateKey: TEST_CUSTODY_KEY } });
  // A pool priced near $24.93 a credit, and a maker with asks on a project without a pool.
  const provider = await kit.open(VIEWPORTS[1][1], 'Provider');
  poolProjectId = await buyThroughApi(provider.context, POOL_PROJECT, 100);
  expect((await provider.context.request.post('/api/trading/pools', { data: { projectId: poolProjectId, creditReserve: 100, tokenReserve: '2493' } })).status()).toBe(201);
  const maker = await kit.open(VIEWPORTS[1][1], 'Maker');
  bookProjectId = await buyThroughApi(maker.context, BOOK_PROJECT, 20);
  expect((await maker.context.request.post('/api/trading/orders', { data: { projectId: bookProjectId, orderType: 'sell', quantity: 20, pricePerCredit: '30.00' } })).status()).toBe(201);
}, 120_000);

afterAll(async () => {
  await kit?.close();
});

async function openPair(page: Page, projectId: number, name: string, phone: boolean): Promise<void> {
  await page.goto(`/trading?project=${projectId}`);
  await page.getByRole('combobox', { name: 'Select Trading Pair' }).filter({ hasText: name }).waitFor();
  if (phone) await page.getByRole('radio', { name: 'Order Book' }).click();
  await page.getByRole('table', { name: 'Order book' }).waitFor();
}

async function quoteOf(context: BrowserContext, projectId: number, quantity: number): Promise<MarketOrderQuote> {
  const response = await context.request.get(`/api/trading/market-order/quote?projectId=${projectId}&orderType=buy&quantity=${quantity}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as MarketOrderQuote;
}

describe.each(VIEWPORTS)('at %s', (_label, viewport) => {
  const phone = viewport.width < 640;

  it('marks my own ask, previews a market buy that skips it and fills from the pool, then gives the fill\'s figures', async () => {
    const { page, context } = await kit.open(viewport, 'Skipper');
    await buyThroughApi(context, POOL_PROJECT, 2);
    // Below the previous viewport's own ask, so that this user's ask is the best one.
    const ownPrice = phone ? '20.00' : '19.00';
    expect((await context.request.post('/api/trading/orders', { data: { projectId: poolProjectId, orderType: 'sell', quantity: 1, pricePerCredit: ownPrice } })).status()).toBe(201);
    await openPair(page, poolProjectId, POOL_PROJECT, phone);
    const ownRow = page.getByRole('table', { name: 'Order book' }).locator('tr[data-own]');
    await expect.poll(() => ownRow.textContent()).toContain(`$${ownPrice}`);
    expect(await ownRow.count()).toBe(1);
    expect(await ownRow.getByTestId('own-order-mark').textContent()).toContain('You');

    const quote = await quoteOf(context, poolProjectId, 2);
    expect(quote).toMatchObject({ venue: 'pool', quantity: 2, ownOrder: { pricePerCredit: ownPrice } });
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Market Buy' }).click();
    const dialog = page.getByRole('dialog', { name: /Market Buy · 2 credits/ });
    await dialog.getByTestId('market-preview').waitFor();
    expect(await dialog.getByTestId('preview-quantity').textContent()).toBe('2 credits');
    expect(await dialog.getByTestId('preview-venue').textContent()).toBe('liquidity pool');
    expect(await dialog.getByTestId('preview-average').textContent()).toBe(formatUsd(quote.averagePrice));
    expect(await dialog.getByTestId('preview-total').textContent()).toBe(formatUsd(quote.total));
    expect(await dialog.getByTestId('preview-slippage').textContent()).toBe(`${quote.slippagePercent}%`);
    expect(await dialog.getByTestId('preview-own-order').textContent()).toContain(`Your own sell order at $${ownPrice} is not taken`);
    expect(await elementsOutside(dialog)).toEqual([]);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm Market Buy' }).click();

    await toastText(page, 'Bought 2 credits').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await toastText(page, `Average ${formatUsd(quote.averagePrice)} · total ${formatUsd(quote.total)}, from the liquidity pool. Your own sell order at $${ownPrice} was not taken (market orders never trade with your own orders).`).waitFor();
    // A pool fill stores no order: the toast leads to the trades.
    expect(await page.getByRole('link', { name: 'View trades' }).getAttribute('href')).toBe(`/trading?project=${poolProjectId}&tab=trades`);
    // The own ask still rests, still marked.
    await expect.poll(() => ownRow.textContent()).toContain(`$${ownPrice}`);
  });

  it('previews a book fill, reports its figures, and the toast\'s View order opens My Orders on that order', async () => {
    const { page, context } = await kit.open(viewport, 'Taker');
    await openPair(page, bookProjectId, BOOK_PROJECT, phone);
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Market Buy' }).click();
    const dialog = page.getByRole('dialog', { name: /Market Buy · 2 credits/ });
    await dialog.getByTestId('market-preview').waitFor();
    const figures = Object.fromEntries(await Promise.all(['quantity', 'venue', 'average', 'best', 'slippage', 'total'].map(async (name) => [name, await dialog.getByTestId(`preview-${name}`).textContent()])));
    expect(figures).toEqual({ quantity: '2 credits', venue: 'order book', average: '$30.00', best: '$30.00', slippage: '0.00%', total: '$60.00' });
    expect(await dialog.getByTestId('preview-own-order').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Confirm Market Buy' }).click();
    await toastText(page, 'Bought 2 credits').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await toastText(page, 'Average $30.00 · total $60.00, from the order book.').waitFor();

    const orders = (await (await context.request.get('/api/trading/orders/my')).json()) as Array<{ id: number; projectId: number }>;
    const orderId = orders.find((order) => order.projectId === bookProjectId)!.id;
    await page.getByRole('link', { name: 'View order' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?project=${bookProjectId}&tab=orders&order=${orderId}`);
    expect(await page.getByRole('tab', { name: 'My Orders' }).getAttribute('aria-selected')).toBe('true');
    const marked = page.locator(`[data-order-id="${orderId}"][data-marked]`).filter({ visible: true });
    await marked.waitFor();
    expect(await marked.isVisible()).toBe(true);
  });

  it('undoes a resting limit order from its toast', async () => {
    const { page } = await kit.open(viewport, 'Undoer');
    await openPair(page, bookProjectId, BOOK_PROJECT, phone);
    await page.getByRole('radio', { name: 'Buy' }).click();
    await page.getByLabel('Quantity').fill('1');
    await page.getByLabel('Price per Credit').fill('1.00');
    await page.getByRole('button', { name: 'Place BUY Order' }).click();
    await toastText(page, 'Order added to orderbook').waitFor({ timeout: FLOW_TIMEOUT_MS });
    // A slow answer (a loaded server) arrives after the clicked toast has closed and unmounted: its outcome must still be said.
    await page.route('**/api/trading/orders/*/cancel', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Undo' }).click();
    await toastText(page, 'Order Cancelled').waitFor({ timeout: FLOW_TIMEOUT_MS });
    await page.getByRole('tab', { name: 'My Orders' }).click();
    await expect.poll(() => page.locator('[data-order-id]').filter({ visible: true }).first().textContent()).toContain('Cancelled');
  });

  it('ends a retirement on its certificate: no made-up hash, then the real chain transaction, Print and View certificate', async () => {
    const { page, context } = await kit.open(viewport, 'Retirer');
    await buyThroughApi(context, BOOK_PROJECT, 3);
    await page.goto('/portfolio');
    await page.getByRole('button', { name: /^Retire Scottish Highlands Native Woodland · \d{4}, Credit #\d+$/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Retire Carbon Credits' });
    await dialog.getByLabel(/^Quantity/).fill('1');
    await dialog.getByLabel(/^Beneficiary/).fill(BENEFICIARY);
    await dialog.getByRole('button', { name: 'Retire Credits' }).click();
    const processing = page.getByRole('dialog', { name: 'Retiring Credits' });
    await processing.waitFor();
    expect(await processing.getByTestId('processing-tx-hash').textContent()).not.toMatch(/0x[0-9a-f]/);

    const done = page.getByRole('dialog', { name: 'Credits Retired' });
    await done.waitFor({ timeout: FLOW_TIMEOUT_MS });
    const certificateId = /CERT-[A-Z2-7]{16}/.exec((await done.textContent()) ?? '')![0];
    // The toast's action leads to the same certificate.
    expect(await page.getByRole('link', { name: 'View certificate' }).first().getAttribute('href')).toBe(`/certificates/${certificateId}`);
    const hash = done.getByTestId('retirement-tx-hash');
    await hash.waitFor({ timeout: 60_000 });
    const certificate = (await (await context.request.get(`/api/certificates/${certificateId}`)).json()) as Certificate;
    expect(certificate.chainTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await hash.textContent()).toBe(certificate.chainTxHash);
    expect(certificate.beneficiary).toBe(BENEFICIARY);
    expect(await elementsOutside(done)).toEqual([]);
    expect(await seriousAxeFindings(page)).toEqual([]);

    const [popup] = await Promise.all([page.waitForEvent('popup'), done.getByRole('button', { name: 'Print certificate' }).click()]);
    await popup.getByRole('heading', { name: 'Retirement Certificate' }).waitFor();
    expect(await popup.content()).toContain(certificateId);
    await popup.close();
    expect(await done.getByRole('link', { name: 'PDF' }).getAttribute('href')).toBe(`/api/certificates/${certificateId}/pdf?download=1`);
    await done.getByRole('link', { name: 'View certificate' }).click();
    await page.waitForURL(`**/certificates/${certificateId}`);
    await page.getByRole('heading', { name: 'Retirement Certificate', level: 1 }).waitFor();
  });
});
