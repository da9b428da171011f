import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyThroughApi, seriousAxeFindings, startBrowserKit, VIEWPORTS, type BrowserKit } from '@tests/support/browser-kit';

// Issue #18: no serious or critical axe finding on any screen, at phone and desktop widths, with real content
// (holdings, a retirement and its certificate, orders, a trade, a pool).
let kit: BrowserKit;
let certificateId: string;
let seeded: BrowserContext;

beforeAll(async () => {
  kit = await startBrowserKit();
  seeded = (await kit.open(VIEWPORTS[1][1], 'Auditor')).context;
  const projectId = await buyThroughApi(seeded, 'Amazon Rainforest Conservation', 40);
  const credits = (await (await seeded.request.get('/api/credits/my')).json()) as Array<{ id: number }>;
  const retired = await seeded.request.post(`/api/credits/${credits[0].id}/retire`, { data: { reason: 'Carbon Neutrality Goal' } });
  certificateId = ((await retired.json()) as { certificateId: string }).certificateId;
  await buyThroughApi(seeded, 'Amazon Rainforest Conservation', 30);
  for (const [orderType, quantity, pricePerCredit] of [['sell', 5, '19.00'], ['buy', 5, '17.00']] as const) {
    expect((await seeded.request.post('/api/trading/orders', { data: { projectId, orderType, quantity, pricePerCredit } })).status()).toBe(201);
  }
  expect((await seeded.request.post('/api/trading/pools', { data: { projectId, creditReserve: 10, tokenReserve: '185.00' } })).status()).toBe(201);
  const taker = await kit.open(VIEWPORTS[1][1], 'Taker');
  expect((await taker.context.request.post('/api/trading/market-order', { data: { projectId, orderType: 'buy', quantity: 2 } })).ok()).toBe(true);
});

afterAll(async () => {
  await kit?.close();
});

/** Every screen, each with something on it that proves it rendered. */
const SCREENS: Array<{ path: () => string; ready: (page: Page) => Promise<void>; signedIn: boolean }> = [
  { path: () => '/', ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(), signedIn: false },
  { path: () => '/signin', ready: (page) => expect.poll(() => page.getByRole('tab', { name: 'Create account' }).isEnabled()).toBe(true), signedIn: false },
  { path: () => '/', ready: (page) => page.getByText(/Welcome back/).waitFor(), signedIn: true },
  { path: () => '/dashboard', ready: (page) => page.getByRole('heading', { name: 'Recent Credits' }).waitFor(), signedIn: true },
  { path: () => '/marketplace', ready: (page) => page.getByRole('button', { name: 'Buy Credits' }).first().waitFor(), signedIn: true },
  { path: () => '/trading', ready: (page) => page.getByRole('img', { name: /Candlestick chart/ }).waitFor(), signedIn: true },
  { path: () => '/portfolio', ready: (page) => page.getByText(/CERT-/).first().waitFor(), signedIn: true },
  { path: () => '/developers', ready: (page) => page.getByRole('heading', { name: 'API keys and webhooks', level: 1 }).waitFor(), signedIn: true },
  { path: () => '/verify', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(), signedIn: true },
  { path: () => `/certificates/${certificateId}`, ready: (page) => page.getByText(certificateId).first().waitFor(), signedIn: true },
  { path: () => '/no-such-page', ready: (page) => page.getByText(/not found/i).first().waitFor(), signedIn: true },
];

describe.each(VIEWPORTS)('at %s', (_label, viewport) => {
  it('every screen has no serious or critical axe finding', async () => {
    const visitor = await kit.open(viewport);
    const member = await kit.open(viewport);
    await member.context.addCookies(await seeded.cookies());
    const findings: string[] = [];
    for (const screen of SCREENS) {
      const page = screen.signedIn ? member.page : visitor.page;
      await page.goto(screen.path());
      await screen.ready(page);
      findings.push(...(await seriousAxeFindings(page)).map((finding) => `${screen.path()}: ${finding}`));
    }
    expect(findings).toEqual([]);
  });

  it('the trading screen\'s Liquidity Pool and My Orders tabs have no serious or critical axe finding', async () => {
    const member = await kit.open(viewport);
    await member.context.addCookies(await seeded.cookies());
    const { page } = member;
    await page.goto('/trading');
    await page.getByRole('img', { name: /Candlestick chart/ }).waitFor();
    await page.getByRole('tab', { name: 'My Orders' }).click();
    await page.getByRole('button', { name: /^Cancel sell order/ }).filter({ visible: true }).first().waitFor();
    const findings = await seriousAxeFindings(page);
    await page.getByRole('tab', { name: 'Liquidity Pool' }).click();
    await page.getByRole('heading', { name: 'Swap' }).waitFor();
    await page.getByLabel('Quantity (credits)').fill('2');
    await page.getByRole('region', { name: 'Swap quote' }).or(page.locator('dl[aria-label="Swap quote"]')).first().waitFor();
    findings.push(...(await seriousAxeFindings(page)));
    expect(findings).toEqual([]);
  });
});
