import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { buyThroughApi, registeredPerson, seriousAxeFindings, startBrowserKit, toastText, VIEWPORTS, type BrowserKit } from '@tests/support/browser-kit';

// Issue 30 item 3: a retirer's request over the threshold waits; an approver approves it; the certificate exists.

let kit: BrowserKit;
beforeAll(async () => { kit = await startBrowserKit(); });
afterAll(async () => { await kit?.close(); });

const person = (viewport: { width: number; height: number }, firstName: string) => registeredPerson(kit, viewport, firstName);

/** Invites the person with `role` into the owner's active organisation; they accept and act for it. */
async function join(owner: BrowserContext, member: { context: BrowserContext; email: string }, organisationId: number, role: string) {
  const invite = await owner.request.post('/api/organisation/invites', { data: { email: member.email, role } });
  expect(invite.status()).toBe(201);
  expect((await member.context.request.post(`/api/invites/${(await invite.json()).token}/accept`)).status()).toBe(200);
  expect((await member.context.request.post(`/api/organisations/${organisationId}/activate`)).status()).toBe(200);
}

describe.each(VIEWPORTS)('at %s', (_name, viewport) => {
  it('a retirer requests a retirement above the threshold, an approver approves it and the certificate exists', async () => {
    const phone = viewport.width < 1000;
    const owner = await person(viewport, 'Olivia');
    const created = await owner.context.request.post('/api/organisations', { data: { name: `Harbour Cement ${viewport.width}`, country: 'DK' } });
    const organisationId = (await created.json()).id as number;
    expect((await owner.context.request.post(`/api/organisations/${organisationId}/activate`)).status()).toBe(200);
    await buyThroughApi(owner.context, 'Amazon Rainforest Conservation', 12);
    const retirer = await person(viewport, 'Rita');
    const approver = await person(viewport, 'Arne');
    await join(owner.context, retirer, organisationId, 'retirer');
    await join(owner.context, approver, organisationId, 'approver');

    // The owner sets the policy on the Organisation page.
    await owner.page.goto('/organisation');
    await owner.page.getByLabel('Retirements needing approval (t or more)').fill('10');
    await owner.page.getByRole('button', { name: 'Save policy' }).click();
    await toastText(owner.page, 'Policy Saved').waitFor();
    expect(await seriousAxeFindings(owner.page)).toEqual([]);

    await retirer.page.goto('/portfolio');
    await retirer.page.getByRole('button', { name: /^Retire Amazon Rainforest Conservation · \d+, Credit #\d+$/ }).click();
    const dialog = retirer.page.getByRole('dialog', { name: 'Retire Carbon Credits' });
    await dialog.getByLabel(/^Quantity/).fill('10');
    await dialog.getByRole('button', { name: 'Retire Credits' }).click();
    await toastText(retirer.page, 'Sent for approval').waitFor();
    expect(await retirer.page.getByText('Credits Retired', { exact: true }).count()).toBe(0);

    if (phone) {
      await approver.page.goto('/');
      await approver.page.getByRole('button', { name: 'Open menu' }).click();
      await approver.page.getByRole('dialog').getByRole('link', { name: 'Approvals' }).click();
    } else {
      await approver.page.goto('/approvals');
    }
    await approver.page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    const item = approver.page.getByRole('listitem').filter({ hasText: 'Retire 10 t' });
    await item.getByLabel('Comment').fill('Fine for Q4');
    expect(await seriousAxeFindings(approver.page)).toEqual([]);
    await item.getByRole('button', { name: 'Approve' }).click();
    await toastText(approver.page, 'Request Approved').waitFor();
    const certificateLink = item.getByRole('link', { name: 'View certificate' });
    await certificateLink.waitFor();
    const certificateId = decodeURIComponent((await certificateLink.getAttribute('href'))!.split('/').pop()!);
    const certificate = await approver.context.request.get(`/api/certificates/${encodeURIComponent(certificateId)}`);
    expect(certificate.status()).toBe(200);
    expect((await certificate.json()).quantity).toBe(10);
    expect(await item.getByText('Comment: Fine for Q4').isVisible()).toBe(true);
  });
});
