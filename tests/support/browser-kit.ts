import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Config } from '@/server/config';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

const CLIENT_DIST = path.resolve(import.meta.dirname, '../../dist/client');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
// The app reads window.__demoDelays, so the simulated demo services answer at once.
const NO_DEMO_DELAYS = { forestDataMs: 0, carbonEstimateMs: 0, uploadMs: 0, validationMs: 0, walletConnectMs: 0 };

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;
export const VIEWPORTS = [['375 px', PHONE], ['1440 px', DESKTOP]] as const;

/** What a context emulates beyond its size. */
export type DeviceOptions = Pick<BrowserContextOptions, 'hasTouch' | 'isMobile'>;

export interface BrowserKit {
  t: TestApp;
  browser: Browser;
  baseUrl: string;
  /**
   * A new browser context at this size; signed in as a new trader when `firstName` is given; `device` adds context
   * options (a touch screen: `{ hasTouch: true, isMobile: true }`).
   */
  open(viewport: { width: number; height: number }, firstName?: string, device?: DeviceOptions): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * The real app on its own database, served on 127.0.0.1 with the built client, and Debian's Chromium; `overrides`
 * and `options` go to createTestApp (e.g. the chain on).
 */
export async function startBrowserKit(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<BrowserKit> {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) throw new Error('Build the client first: npx vite build');
  const t = await createTestApp({ loginRateLimitPerMinute: 1000, ...overrides }, { clientDist: CLIENT_DIST, ...options });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  let accounts = 0;
  return {
    t, browser, baseUrl,
    async open(viewport, firstName, device = {}) {
      const context = await browser.newContext({ ...device, baseURL: baseUrl, viewport });
      contexts.push(context);
      await context.addInitScript((delays) => {
        (window as Window & { __demoDelays?: object }).__demoDelays = delays;
      }, NO_DEMO_DELAYS);
      if (firstName) {
        const registered = await context.request.post('/api/auth/register', {
          data: { email: `${firstName.toLowerCase()}-${Date.now()}-${accounts++}@example.com`, password: 'correct horse battery', firstName },
        });
        expect(registered.status()).toBe(201);
      }
      return { context, page: await context.newPage() };
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close()));
      await browser.close();
      await t.close();
    },
  };
}

let people = 0;

/** A new browser context signed up (and so signed in) as a fresh person with `firstName`; their email is unique. */
export async function registeredPerson(
  kit: BrowserKit, viewport: { width: number; height: number }, firstName: string,
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const { context, page } = await kit.open(viewport);
  const email = `${firstName.toLowerCase()}-${Date.now()}-${people++}@example.com`;
  const registered = await context.request.post('/api/auth/register', { data: { email, password: 'correct horse battery', firstName } });
  expect(registered.status()).toBe(201);
  return { context, page, email };
}

/** Buys credits of a project (by name) through the API as the context's user; returns the project id. */
export async function buyThroughApi(context: BrowserContext, projectName: string, quantity: number): Promise<number> {
  const projects = (await (await context.request.get('/api/projects')).json()) as Array<{ id: number; name: string; pricePerCredit: string }>;
  const project = projects.find((candidate) => candidate.name === projectName)!;
  const bought = await context.request.post('/api/credits/purchase', { data: { projectId: project.id, quantity, pricePerCredit: project.pricePerCredit } });
  expect(bought.status()).toBe(201);
  return project.id;
}

/**
 * Every rendered element inside `container` that reaches past its left or right edge (a clipped control on a
 * phone), described by tag, text and position. The container may scroll vertically; it must never need to
 * scroll sideways.
 */
export async function elementsOutside(container: Locator): Promise<string[]> {
  return container.evaluate((root) => {
    const box = root.getBoundingClientRect();
    const outside: string[] = [];
    if (root.scrollWidth > root.clientWidth + 1) outside.push(`container scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    for (const element of root.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      // Zero-size and screen-reader-only (1 px, clipped) elements draw nothing; a progress bar's indicator slides
      // inside its clipped track by design.
      if (rect.width <= 1 || rect.height <= 1 || element.closest('[role="progressbar"]')) continue;
      if (rect.left < box.left - 1 || rect.right > box.right + 1) {
        const text = (element.textContent ?? '').trim().slice(0, 40);
        outside.push(`<${element.tagName.toLowerCase()}> "${text}" spans ${Math.round(rect.left)}–${Math.round(rect.right)} outside ${Math.round(box.left)}–${Math.round(box.right)}`);
      }
    }
    return outside;
  });
}

/**
 * Waits until the finite animations of the element and everything inside it have ended. Dialogs open with a scale
 * animation (0.97 → 1) and dropdowns zoom in: a box measured mid-animation is a few pixels short, so every size
 * comparison waits for this first. Endless animations (spinners) never end and are not waited for.
 */
export async function animationsSettled(element: Locator): Promise<void> {
  await element.evaluate((root) => new Promise<void>((resolve) => {
    const settled = () => root.getAnimations({ subtree: true })
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity);
    const check = () => (settled() ? resolve() : requestAnimationFrame(check));
    check();
  }));
}

/**
 * Chooses `option` in a Radix select and waits until its field shows it. Under a loaded CI machine a click once landed
 * while the long country list was still settling and chose nothing; a person looks at the field and chooses again, so
 * this does too (three times at most) rather than letting the next step wait for a field that depends on the choice.
 */
export async function chooseOption(page: Page, trigger: Locator, option: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await trigger.click();
    const listbox = page.getByRole('listbox');
    await animationsSettled(listbox);
    await listbox.getByRole('option', { name: option, exact: true }).click();
    try {
      await expect.poll(() => trigger.textContent(), { timeout: 3_000 }).toBe(option);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      if (await listbox.isVisible()) await page.keyboard.press('Escape');
    }
  }
}

/** Axe findings of impact serious or critical on the page as it is now, one line each. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** The toast with this exact text (Radix repeats it in a live region for screen readers, hence `first`). */
export const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
