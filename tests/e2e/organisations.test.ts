import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registeredPerson, startBrowserKit, toastText, VIEWPORTS, type BrowserKit } from '@tests/support/browser-kit';

// Issue 30: invite a member, accept the link, give them a spend limit, switch organisation — on a phone and on a desktop.

let kit: BrowserKit;
beforeAll(async () => { kit = await startBrowserKit(); });
afterAll(async () => { await kit?.close(); });

const person = (viewport: { width: number; height: number }, firstName: string) => registeredPerson(kit, viewport, firstName);

/** The organisation switcher: in the bar on a desktop, in the menu on a phone. */
async function switchTo(page: Page, label: string, phone: boolean): Promise<void> {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Organisation' }).selectOption({ label });
  } else {
    await page.getByRole('banner').getByRole('combobox', { name: 'Organisation' }).selectOption({ label });
  }
  await toastText(page, 'Organisation Switched').waitFor();
  // The phone menu closes once the switch is done.
  if (phone) await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

describe.each(VIEWPORTS)('at %s', (_name, viewport) => {
  it('an owner invites by e-mail, the invited person accepts the link and switches between organisations', async () => {
    const phone = viewport.width < 1000;
    const owner = await person(viewport, 'Olivia');
    const created = await owner.context.request.post('/api/organisations', { data: { name: `Fjord Shipping ${viewport.width}`, country: 'NO' } });
    expect(created.status()).toBe(201);
    expect((await owner.context.request.post(`/api/organisations/${(await created.json()).id}/activate`)).status()).toBe(200);
    const invitee = await person(viewport, 'Ivan');

    await owner.page.goto('/organisation');
    await owner.page.getByLabel('E-mail address').fill(invitee.email);
    await owner.page.getByLabel('Role', { exact: true }).selectOption('trader');
    await owner.page.getByRole('button', { name: 'Create invite' }).click();
    const link = await owner.page.getByLabel('Invite link').textContent();
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);
    await owner.page.getByRole('list', { name: 'Invites' }).getByText(invitee.email).waitFor();

    await invitee.page.goto(new URL(link!).pathname);
    await invitee.page.getByRole('heading', { name: `Join Fjord Shipping ${viewport.width} as trader` }).waitFor();
    await invitee.page.getByRole('button', { name: 'Accept invite' }).click();
    await toastText(invitee.page, 'Invite Accepted').waitFor();
    await invitee.page.waitForURL('**/organisation');
    await invitee.page.getByRole('heading', { name: new RegExp(`^Fjord Shipping ${viewport.width}`) }).waitFor();
    expect(await invitee.page.getByText('Your role: trader').isVisible()).toBe(true);

    // The owner gives the new member a daily spend limit of their own, typed in dollars; a wrong amount says why.
    await owner.page.reload();
    const limit = owner.page.getByLabel(`Daily spend limit of ${invitee.email} in dollars`);
    await limit.fill('12.345');
    await limit.press('Enter');
    await owner.page.getByRole('alert').filter({ hasText: 'Enter an amount in dollars' }).waitFor();
    await limit.fill('2500');
    await limit.press('Enter');
    await expect.poll(async () => ((await (await owner.context.request.get('/api/organisation/members')).json()) as { email: string; dailySpendLimitCents: number | null }[])
      .find((member) => member.email === invitee.email)?.dailySpendLimitCents).toBe(250_000);

    await switchTo(invitee.page, 'Ivan (personal)', phone);
    await invitee.page.getByText('Your role: owner').waitFor();
    expect(await invitee.page.getByRole('heading', { name: /^Ivan/ }).isVisible()).toBe(true);
    expect((await (await invitee.context.request.get('/api/organisation')).json()).personal).toBe(true);

    // A used link cannot be used again.
    await invitee.page.goto(new URL(link!).pathname);
    await invitee.page.getByRole('button', { name: 'Accept invite' }).click();
    await toastText(invitee.page, 'Invite Not Accepted').waitFor();
    expect(await invitee.page.getByText('This invite has already been used').first().isVisible()).toBe(true);
  });
});

describe('a certificate of an organisation', () => {
  it('reads "retired by <legal name> on behalf of <beneficiary>" on the certificate and verify screens', async () => {
    const owner = await person(VIEWPORTS[1][1], 'Astrid');
    const created = await owner.context.request.post('/api/organisations', { data: { name: 'Nordlys', legalName: 'Nordlys Energi AS', country: 'NO' } });
    expect(created.status()).toBe(201);
    expect((await owner.context.request.post(`/api/organisations/${(await created.json()).id}/activate`)).status()).toBe(200);
    const [project] = await (await owner.context.request.get('/api/projects')).json() as Array<{ id: number; pricePerCredit: string }>;
    const bought = await owner.context.request.post('/api/credits/purchase', {
      data: { projectId: project.id, quantity: 2, pricePerCredit: project.pricePerCredit, retireImmediately: true, beneficiary: 'Fjellheim Kommune', reason: 'Scope 2' },
    });
    expect(bought.status()).toBe(201);
    const { certificateId } = await bought.json() as { certificateId: string };

    await owner.page.goto(`/certificates/${certificateId}`);
    const lead = owner.page.getByText(/^permanently retired by/);
    await lead.waitFor();
    expect(await lead.textContent()).toBe('permanently retired by Nordlys Energi AS on behalf of Fjellheim Kommune');

    await owner.page.goto(`/verify?query=${certificateId}`);
    await owner.page.getByText('These credits are permanently retired by Nordlys Energi AS on behalf of Fjellheim Kommune').waitFor();
    const terms = owner.page.locator('dt');
    await expect.poll(() => terms.allTextContents()).toEqual(expect.arrayContaining(['Retired by', 'On behalf of']));
  });
});
