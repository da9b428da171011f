import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserKit, type BrowserKit } from '@tests/support/browser-kit';

// Issue #18 (first load): the landing and sign-in pages arrive prerendered, paint before the app's script runs and
// are then hydrated — with no mismatch (React reports one as a console error) and nothing drawn twice.
let kit: BrowserKit;

beforeAll(async () => {
  kit = await startBrowserKit();
});

afterAll(async () => {
  await kit?.close();
});

/** Console errors and warnings, page errors, and the paths of API requests the page makes. */
function watch(page: Page): { problems: string[]; apiCalls: string[] } {
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text()); });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => { const url = new URL(request.url()); if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname); });
  return { problems, apiCalls };
}

describe('the prerendered landing page', () => {
  it('shows its content without JavaScript: it comes with the HTML', async () => {
    const context = await kit.browser.newContext({ baseURL: kit.baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Carbon Credits on Blockchain');
      expect(await page.title()).toBe('Carbon Credits on Blockchain · CarbonLedger');
      await page.goto('/signin');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome to CarbonLedger');
    } finally {
      await context.close();
    }
  });

  it('is hydrated without a mismatch, does not ask who is signed in, and navigates like the app', async () => {
    const { page } = await kit.open({ width: 1440, height: 900 });
    const { problems, apiCalls } = watch(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(apiCalls).toEqual([]);
    // A working client-side link proves the markup was taken over by React, not merely shown.
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Carbon Credit Marketplace' }).waitFor();
    expect(problems).toEqual([]);
  });
});

describe('the prerendered sign-in page', () => {
  it('is hydrated without a mismatch: its tabs switch', async () => {
    const { page } = await kit.open({ width: 375, height: 812 });
    const { problems } = watch(page);
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByRole('tabpanel', { name: 'Create account' }).getByLabel('First name').waitFor();
    expect(problems).toEqual([]);
  });

  it('keeps its tabs and fields inert until the app runs it, so an early click or keystroke is not lost', async () => {
    const { page } = await kit.open({ width: 1440, height: 900 });
    // The static page alone: the app's scripts never arrive.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/signin');
    await page.getByRole('heading', { name: 'Welcome to CarbonLedger', level: 1 }).waitFor();
    expect(await page.getByRole('tab', { name: 'Create account' }).isDisabled()).toBe(true);
    expect(await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').isDisabled()).toBe(true);
    expect(await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
  });

  it('is not sent to a signed-in user: / is Home at once, without the landing drawn first', async () => {
    const { page } = await kit.open({ width: 1440, height: 900 }, 'Returning');
    const response = await page.goto('/');
    expect(await response!.text()).toContain('<div id="root"></div>');
    await page.getByRole('heading', { name: /^Welcome back, Returning/ }).waitFor();
  });
});
