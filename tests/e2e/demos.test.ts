import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildVerificationReport } from '@/domain/mrv/build-verification-report';
import { estimateCarbon } from '@/domain/mrv/estimate-carbon';
import { generateSatelliteData } from '@/domain/mrv/generate-satellite-data';
import { imageryQuality } from '@/domain/mrv/imagery-quality';
import { animationsSettled } from '@tests/support/browser-kit';
import { createTestApp, type TestApp } from '@tests/support/test-app';

const CLIENT_DIST = path.resolve(import.meta.dirname, '../../dist/client');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
// The app reads window.__demoDelays, so the simulated services answer at once instead of after 1.5–4.5 s.
const NO_DELAYS = { forestDataMs: 0, carbonEstimateMs: 0, uploadMs: 0, validationMs: 0, walletConnectMs: 0 };
// The satellite report is seeded by coordinates and UTC day; a fixed browser clock makes it predictable here.
const FIXED_NOW = new Date('2025-03-07T12:00:00.000Z');
const MRV_HASH = /^Qm[1-9A-HJ-NP-Za-km-z]{44}$/;
const TX_HASH = /^0x[0-9a-f]{64}$/;

let t: TestApp;
let browser: Browser;
let baseUrl: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) throw new Error('Build the client first: npx vite build');
  t = await createTestApp({}, { clientDist: CLIENT_DIST });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A signed-out visitor on the Marketplace (the app layout with the navigation bar), demo delays off. */
async function openMarketplace(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  contexts.push(context);
  await context.addInitScript((delays) => {
    (window as Window & { __demoDelays?: object }).__demoDelays = delays;
  }, NO_DELAYS);
  const page = await context.newPage();
  await page.clock.setFixedTime(FIXED_NOW);
  await page.goto('/marketplace');
  await page.getByRole('button', { name: 'View Satellite Data' }).waitFor();
  return page;
}

/** Radix announces a toast a second time for screen readers; the exact title matches only the toast itself. */
function toastTitled(page: Page, title: string): Locator {
  return page.getByText(title, { exact: true });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('Blockchain Demo modal', () => {
  it('connects the demo wallet, creates a project, generates MRV data and mints credits', async () => {
    const page = await openMarketplace();
    await page.getByRole('button', { name: 'Blockchain', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Blockchain Demo' });
    const create = dialog.getByRole('button', { name: 'Create Blockchain Project' });
    const mint = dialog.getByRole('button', { name: 'Mint Carbon Credits' });
    const walletCard = dialog.getByRole('region', { name: 'Demo Wallet' });
    const mrvCard = dialog.getByRole('region', { name: 'Satellite MRV Data' });
    const mintCard = dialog.getByRole('region', { name: 'Mint Carbon Credits NFT' });
    const latest = dialog.getByRole('region', { name: 'Latest Transaction' });

    await dialog.getByText('Demo Mode Active', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Project Name').inputValue()).toBe('Demo Reforestation Project');
    expect(await dialog.getByLabel('Project Description').inputValue()).toBe('Demonstration of blockchain-based carbon credit project');
    expect(await create.isDisabled()).toBe(true);
    expect(await mint.isDisabled()).toBe(true);
    for (const fact of ['0.025 MATIC', '2024', 'Demo Standard']) await mintCard.getByText(fact, { exact: true }).waitFor();
    await latest.getByText(/^No transactions yet/).waitFor();

    await dialog.getByRole('button', { name: 'Connect Demo Wallet' }).click();
    await walletCard.getByText('Connected', { exact: true }).waitFor();
    await walletCard.getByText(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/).waitFor();
    await expect.poll(() => create.isEnabled()).toBe(true);
    // Connected is not enough to mint: the MRV data is still missing.
    expect(await mint.isDisabled()).toBe(true);

    await dialog.getByLabel('Project Name').fill('Mangrove Blue Carbon');
    await create.click();
    await toastTitled(page, 'Project Created').waitFor();
    await latest.getByText('Create project #1', { exact: true }).waitFor();
    const createHash = await latest.getByText(TX_HASH).textContent();
    expect(await mint.isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Generate MRV Report' }).click();
    await toastTitled(page, 'MRV Data Generated').waitFor();
    const mrvHash = (await mrvCard.getByText(MRV_HASH).textContent()) ?? '';
    expect(mrvHash).toHaveLength(46);
    expect(mrvHash.startsWith('Qm')).toBe(true);
    await expect.poll(() => mint.isEnabled()).toBe(true);

    await mint.click();
    await toastTitled(page, 'Credits Minted').waitFor();
    await latest.getByText('Mint credit NFT #1', { exact: true }).waitFor();
    const mintHash = await latest.getByText(TX_HASH).textContent();
    expect(mintHash).not.toBe(createHash);
    await mintCard.getByText('Mangrove Blue Carbon (#1)', { exact: true }).waitFor();
    await mintCard.getByText('Token #1', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await walletCard.getByRole('button', { name: 'Disconnect' }).click();
    await toastTitled(page, 'Wallet Disconnected').waitFor();
    expect(await create.isDisabled()).toBe(true);
    expect(await mint.isDisabled()).toBe(true);
  });
});

describe('Satellite MRV Demo modal', () => {
  it('generates the report of a preset and shows the domain numbers for its coordinates', async () => {
    const page = await openMarketplace();
    await page.getByRole('button', { name: 'Satellite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Satellite MRV Demo' });
    const latitude = dialog.getByLabel('Latitude');
    const longitude = dialog.getByLabel('Longitude');

    await dialog.getByRole('button', { name: /^Indonesian Peatlands/ }).click();
    expect(await latitude.inputValue()).toBe('-2.5489');
    expect(await longitude.inputValue()).toBe('118.0149');
    expect([await latitude.getAttribute('type'), await latitude.getAttribute('step')]).toEqual(['number', '0.0001']);
    expect(await dialog.getByRole('button', { name: /^Indonesian Peatlands/ }).getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('button', { name: 'Generate Satellite Report' }).click();
    await toastTitled(page, 'Satellite Analysis Complete').waitFor();

    const data = generateSatelliteData({ latitude: -2.5489, longitude: 118.0149, date: FIXED_NOW });
    const estimate = estimateCarbon(data);
    const group = (value: number, decimals: number) => value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

    const imagery = dialog.getByRole('region', { name: 'Satellite Imagery' });
    for (const fact of [imageryQuality(data.confidence), '-2.5489, 118.0149', 'Mar 7, 2025', `${group(data.cloudCover * 100, 1)}%`, `${group(data.forestCover, 1)}%`]) {
      await imagery.getByText(fact, { exact: true }).waitFor();
    }
    expect(await imagery.getByText(data.dataSource, { exact: true }).count()).toBe(1);
    const image = imagery.getByRole('img');
    expect((await image.getAttribute('src'))?.startsWith('data:image/svg+xml')).toBe(true);
    expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    const forest = dialog.getByRole('region', { name: 'Forest Analysis' });
    for (const fact of [`${group(data.area, 0)} ha`, `${group(data.biomass, 0)} tons`, data.dataSource]) await forest.getByText(fact, { exact: true }).waitFor();
    const change = dialog.getByRole('region', { name: 'Change Detection' });
    const { reforestation, deforestation, degradation } = data.changeDetection;
    for (const fact of [`+${group(reforestation, 1)} ha`, `-${group(deforestation, 1)} ha`, `${group(degradation, 1)} ha`]) {
      await change.getByText(fact, { exact: true }).waitFor();
    }
    const carbon = dialog.getByRole('region', { name: 'Carbon Impact' });
    for (const fact of [`${group(estimate.totalCarbon, 2)} tCO2e`, 'IPCC Tier 2 + Satellite Remote Sensing', `±${estimate.uncertainty}%`]) {
      await carbon.getByText(fact, { exact: true }).waitFor();
    }

    const reportText = (await dialog.getByLabel('Verification report text').textContent()) ?? '';
    const reportHash = /MRV Data Hash: (\S+)/.exec(reportText)?.[1] ?? '';
    expect(reportHash).toMatch(MRV_HASH);
    expect(reportText).toContain('Coordinates: -2.5489, 118.0149');
    expect(reportText).toBe(buildVerificationReport(data, estimate, reportHash));
    await expectNoAxeViolations(page);

    // A tile that cannot be decoded gives way to the placeholder.
    await image.evaluate((element) => {
      (element as HTMLImageElement).src = 'data:image/png;base64,AAAA';
    });
    await imagery.getByText('Satellite Image Loading...', { exact: true }).waitFor();
  });

  it('shows the domain message for out-of-range coordinates and generates nothing', async () => {
    const page = await openMarketplace();
    await page.getByRole('button', { name: 'Satellite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Satellite MRV Demo' });
    const latitude = dialog.getByLabel('Latitude');
    const generate = dialog.getByRole('button', { name: 'Generate Satellite Report' });

    await latitude.fill('95');
    await generate.click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Latitude must be between -90 and 90');
    expect(await latitude.getAttribute('aria-invalid')).toBe('true');

    await latitude.fill('10');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByLabel('Longitude').fill('-180.5');
    await generate.click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Longitude must be between -180 and 180');

    await dialog.getByLabel('Longitude').fill('');
    await generate.click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Longitude must be a number');
    // No request was made: no progress, no results, no toast.
    expect(await dialog.getByRole('region', { name: 'Satellite Imagery' }).count()).toBe(0);
    expect(await toastTitled(page, 'Satellite Analysis Complete').count()).toBe(0);
  });

  it("opens from the Marketplace's View Satellite Data button and from the openSatelliteDemo event", async () => {
    const page = await openMarketplace();
    await page.getByRole('button', { name: 'View Satellite Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Satellite MRV Demo' });
    await dialog.getByRole('button', { name: 'Generate Satellite Report' }).waitFor();
    const descriptionId = await dialog.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${descriptionId}"]`).textContent()).toMatch(/^Monitoring, reporting and verification/);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.evaluate(() => window.dispatchEvent(new Event('openSatelliteDemo')));
    await dialog.waitFor();
  });

  it('fits a 375 px phone and scrolls inside the dialog', async () => {
    const page = await openMarketplace({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'View Satellite Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Satellite MRV Demo' });
    await dialog.getByRole('button', { name: /^German Forest/ }).click();
    await dialog.getByRole('button', { name: 'Generate Satellite Report' }).click();
    await dialog.getByRole('region', { name: 'Verification Report' }).waitFor();
    await animationsSettled(dialog);

    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(box!.height).toBeLessThanOrEqual(740);
    expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight && getComputedStyle(element).overflowY === 'auto')).toBe(true);
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });
});
