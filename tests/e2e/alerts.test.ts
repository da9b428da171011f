import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserKit, toastText, VIEWPORTS, type BrowserKit } from '@tests/support/browser-kit';
import { buyCredits, findProject, postJson } from '@tests/support/api-calls';
import { signUp } from '@tests/support/test-app';
import type { Project } from '@/shared/schemas/project';

// Issue 31 item 4: an alert made from the trading terminal fires once and shows on the bell, which fits the header.

let kit: BrowserKit;
beforeAll(async () => {
  kit = await startBrowserKit();
});
afterAll(async () => {
  await kit?.close();
});

/** One tonne traded on the book at this price between two new accounts. */
async function tradeAt(project: Project, price: string): Promise<void> {
  const { app } = kit.t;
  const seller = await signUp(app);
  const buyer = await signUp(app);
  await buyCredits(app, seller.cookie, project, 1);
  expect((await postJson(app, '/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity: 1, pricePerCredit: price }, seller.cookie)).statusCode).toBe(201);
  const buy = await postJson(app, '/api/trading/orders', { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: price }, buyer.cookie);
  expect(buy.json().trades).toHaveLength(1);
  await app.alertWorker.idle();
}

async function bellInsideViewport(page: Page): Promise<boolean> {
  const box = await page.getByRole('banner').getByRole('button', { name: /^Alerts/ }).boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

describe.each(VIEWPORTS)('alerts at %s', (_name, viewport) => {
  it('creates a price alert from the trading terminal, then the bell counts it once and marks it read', async () => {
    const project = await findProject(kit.t.app, 'Gazi Bay Mangrove Restoration');
    await tradeAt(project, '40.00');
    const { page } = await kit.open(viewport, 'Watcher');
    await page.goto(`/trading?project=${project.id}`);
    expect(await bellInsideViewport(page)).toBe(true);
    await page.getByRole('button', { name: 'Alert me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alert me' });
    await dialog.getByLabel('Price (USD per tonne)').fill('45.5');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await toastText(page, 'Alert Created').waitFor();

    await tradeAt(project, '46.00');
    await tradeAt(project, '47.00');
    await page.reload();
    const bell = page.getByRole('banner').getByRole('button', { name: 'Alerts, 1 unread' });
    await bell.waitFor();
    expect(await bellInsideViewport(page)).toBe(true);
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Alerts' });
    await panel.getByText(`${project.name} rose to $46.00 (your threshold: $45.50)`).waitFor();
    expect(await panel.getByRole('listitem').filter({ hasText: 'rose to' }).count()).toBe(1);
    await panel.getByText(`Price rises to $45.50 · ${project.name}`).waitFor();
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await panel.getByText('Nothing unread').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('button', { name: 'Alerts', exact: true }).waitFor();
  });
});
