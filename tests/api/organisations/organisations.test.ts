import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { organisationInvites, organisationMembers, users } from '@/server/db/schema';
import { createTestApp, SIGN_UP_PASSWORD, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, findProject, getAs, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { queryRows } from '@tests/api/trading/trading-kit';
import { activate, createActiveOrganisation, invite, memberWithRole, myOrganisations } from './organisation-kit';

// Issue 30, items 1 and 2 (and item 5's "an organisation can require 2FA"): organisations own what their members do.

// Invites expire: the tests move the app's clock.
let nowMs = Date.parse('2026-11-28T10:00:00Z');
const clock = () => new Date(nowMs);

let t: TestApp;
let kenya: Project;
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT, { clock });
  kenya = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
});
afterAll(async () => { await t?.close(); });

const patch = (url: string, payload: object, cookie: string) => t.app.inject({ method: 'PATCH', url, payload, headers: { cookie } });
const remove = (url: string, cookie: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } });
const tableCount = async (table: string) => Number((await queryRows<{ n: string }>(t.deps, sql.raw(`select count(*)::text as n from ${table}`)))[0].n);

describe('a new account', () => {
  it('is its person’s personal organisation, which they own and act for', async () => {
    const person = await signUp(t.app, { firstName: 'Grace', companyName: 'Hopper Ltd' });
    expect(await myOrganisations(t.app, person.cookie)).toEqual([
      expect.objectContaining({ id: person.user.id, name: 'Hopper Ltd', personal: true, role: 'owner', active: true }),
    ]);
    expect((await getAs(t.app, '/api/organisation', person.cookie)).json()).toMatchObject({ id: person.user.id, personal: true, role: 'owner' });
  });

  it('cannot invite anyone into a personal organisation (409)', async () => {
    const person = await signUp(t.app);
    const response = await postJson(t.app, '/api/organisation/invites', { email: 'x@example.com', role: 'viewer' }, person.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/personal organisation/);
  });
});

describe('creating an organisation', () => {
  it('makes the creator its owner; its account holds demo cash and cannot sign in', async () => {
    const owner = await signUp(t.app);
    const id = await createActiveOrganisation(t.app, owner.cookie, 'Northwind Logistics');
    const listed = await myOrganisations(t.app, owner.cookie);
    expect(listed.map((row) => [row.name, row.role, row.active, row.personal])).toEqual([['Ada', 'owner', false, true], ['Northwind Logistics', 'owner', true, false]]);
    const [account] = await t.deps.db.select().from(users).where(eq(users.id, id));
    expect(account.email).toMatch(/^org-[0-9a-f]+@organisations\.invalid$/);
    const login = await postJson(t.app, '/api/auth/login', { email: account.email, password: SIGN_UP_PASSWORD });
    expect(login.statusCode).toBe(401);
  });

  it('refuses bad input with a 400 and a message, creating nothing', async () => {
    const owner = await signUp(t.app);
    const before = await tableCount('organisations');
    for (const body of [{ name: '', country: 'DE' }, { name: 'X', country: 'Germany' }, { name: 'X', country: 'DE', lei: 'short' }, { name: 'X', country: 'DE', extra: 1 }]) {
      const response = await postJson(t.app, '/api/organisations', body, owner.cookie);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect(await tableCount('organisations')).toBe(before);
  });
});

describe('invites', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let organisationId: number;
  beforeAll(async () => {
    owner = await signUp(t.app, { firstName: 'Olga' });
    organisationId = await createActiveOrganisation(t.app, owner.cookie, 'Invite Test AG');
  });

  it('shows the link once; it is stored only as a digest', async () => {
    const response = await postJson(t.app, '/api/organisation/invites', { email: 'Someone@Example.com', role: 'trader' }, owner.cookie);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.link).toBe(`/invite/${created.token}`);
    const [row] = await t.deps.db.select().from(organisationInvites).where(eq(organisationInvites.id, created.id));
    expect(row.tokenHash).not.toContain(created.token);
    const listed = (await getAs(t.app, '/api/organisation/invites', owner.cookie)).json();
    expect(listed[0]).not.toHaveProperty('token');
  });

  it('refuses an unknown role with a 400 naming the roles, creating nothing', async () => {
    const before = await tableCount('organisation_invites');
    const response = await postJson(t.app, '/api/organisation/invites', { email: 'a@example.com', role: 'superuser' }, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/role must be one of owner, admin, trader, retirer, approver, viewer/);
    expect(await tableCount('organisation_invites')).toBe(before);
  });

  it('is single-use: the second acceptance is a 409 and changes nothing', async () => {
    const person = await signUp(t.app);
    const { token } = await invite(t.app, owner.cookie, person.email.toUpperCase(), 'viewer');
    const preview = await getAs(t.app, `/api/invites/${token}`, person.cookie);
    expect(preview.json()).toMatchObject({ organisationName: 'Invite Test AG', role: 'viewer' });
    const first = await postJson(t.app, `/api/invites/${token}/accept`, {}, person.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: organisationId, role: 'viewer', active: false });
    const members = await tableCount('organisation_members');
    const second = await postJson(t.app, `/api/invites/${token}/accept`, {}, person.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This invite has already been used');
    expect(await tableCount('organisation_members')).toBe(members);
  });

  it('is for one e-mail address: anyone else is refused (403)', async () => {
    const { token } = await invite(t.app, owner.cookie, 'intended@example.com', 'trader');
    const stranger = await signUp(t.app);
    const response = await postJson(t.app, `/api/invites/${token}/accept`, {}, stranger.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This invite is for intended@example.com: sign in with that address to accept it');
    expect(await myOrganisations(t.app, stranger.cookie)).toHaveLength(1);
  });

  it('expires after 7 days (409) and can be revoked (409)', async () => {
    // The invited person signs up after the week, so that their session is fresh.
    const lateEmail = `late-${nowMs}@example.com`;
    const { token } = await invite(t.app, owner.cookie, lateEmail, 'trader');
    const revokedPerson = await signUp(t.app);
    const revoked = await invite(t.app, owner.cookie, revokedPerson.email, 'trader');
    expect((await remove(`/api/organisation/invites/${revoked.id}`, owner.cookie)).json()).toMatchObject({ revokedAt: expect.any(String) });
    const refused = await postJson(t.app, `/api/invites/${revoked.token}/accept`, {}, revokedPerson.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'This invite has been revoked']);
    nowMs += 7 * 24 * 60 * 60 * 1000 + 1;
    const late = await signUp(t.app, { email: lateEmail });
    const response = await postJson(t.app, `/api/invites/${token}/accept`, {}, late.cookie);
    expect([response.statusCode, response.json().message]).toEqual([409, 'This invite has expired: ask for a new one']);
    expect(await myOrganisations(t.app, late.cookie)).toHaveLength(1);
  });

  it('answers 404 for a link that does not exist, 400 for a malformed one', async () => {
    const person = await signUp(t.app);
    expect((await postJson(t.app, `/api/invites/${'a'.repeat(43)}/accept`, {}, person.cookie)).statusCode).toBe(404);
    expect((await postJson(t.app, '/api/invites/short/accept', {}, person.cookie)).statusCode).toBe(400);
  });
});

describe('members and roles', () => {
  it('an admin cannot make owners; the last owner stays; a removed member falls back to their personal organisation', async () => {
    const owner = await signUp(t.app);
    const id = await createActiveOrganisation(t.app, owner.cookie, 'Roles Inc');
    const admin = await memberWithRole(t.app, owner.cookie, id, 'admin');
    const trader = await memberWithRole(t.app, owner.cookie, id, 'trader');
    const promote = await patch(`/api/organisation/members/${trader.user.id}`, { role: 'owner' }, admin.cookie);
    expect([promote.statusCode, promote.json().message]).toEqual([403, 'An admin cannot make someone an owner']);
    const demoteOwner = await patch(`/api/organisation/members/${owner.user.id}`, { role: 'viewer' }, owner.cookie);
    expect([demoteOwner.statusCode, demoteOwner.json().message]).toEqual([403, 'The last owner cannot be demoted: make someone else an owner first']);
    const unknown = await patch(`/api/organisation/members/${trader.user.id}`, { role: 'king' }, owner.cookie);
    expect(unknown.statusCode).toBe(400);
    expect((await patch(`/api/organisation/members/${trader.user.id}`, { role: 'viewer' }, admin.cookie)).json()).toMatchObject({ role: 'viewer' });
    const write = await postJson(t.app, '/api/trading/orders', { projectId: kenya.id, orderType: 'buy', quantity: 1, pricePerCredit: '1.00' }, trader.cookie);
    expect([write.statusCode, write.json().message]).toEqual([403, 'Your role in this organisation (viewer) cannot trade (buy, orders, swaps, pools, quotes)']);
    expect((await remove(`/api/organisation/members/${trader.user.id}`, admin.cookie)).statusCode).toBe(204);
    expect((await getAs(t.app, '/api/organisation', trader.cookie)).json()).toMatchObject({ id: trader.user.id, personal: true });
    const header = await t.app.inject({ method: 'GET', url: '/api/credits/my', headers: { cookie: trader.cookie, 'x-organisation': String(id) } });
    expect([header.statusCode, header.json().message]).toEqual([403, `You are not a member of organisation ${id}`]);
  });
});

describe('a member of two organisations', () => {
  it('trades in each; every holding and order belongs to the organisation it was made in, and the ledger balances', async () => {
    const person = await signUp(t.app);
    const orgId = await createActiveOrganisation(t.app, person.cookie, 'Two Desks Ltd');
    const inOrg = await buyCredits(t.app, person.cookie, kenya, 4);
    await postJson(t.app, '/api/trading/orders', { projectId: kenya.id, orderType: 'sell', quantity: 2, pricePerCredit: '999.00' }, person.cookie);
    await activate(t.app, person.cookie, person.user.id);
    const inPersonal = await buyCredits(t.app, person.cookie, kenya, 3);
    const holders = await queryRows<{ id: number; user_id: number }>(t.deps, sql`select id, user_id from holdings where id in (${inOrg.credit.id}, ${inPersonal.credit.id}) order by id`);
    expect(holders).toEqual([{ id: inOrg.credit.id, user_id: orgId }, { id: inPersonal.credit.id, user_id: person.user.id }]);
    expect((await getAs(t.app, '/api/trading/orders/my', person.cookie)).json()).toEqual([]);
    const viaHeader = await t.app.inject({ method: 'GET', url: '/api/trading/orders/my', headers: { cookie: person.cookie, 'x-organisation': String(orgId) } });
    expect(viaHeader.json()).toHaveLength(1);
    const cash = (await getAs(t.app, '/api/auth/user', person.cookie)).json().cashBalance;
    await activate(t.app, person.cookie, orgId);
    expect((await getAs(t.app, '/api/auth/user', person.cookie)).json().cashBalance).not.toBe(cash);
    await assertLedgerInvariants(t.deps.db);
  });

  it('an API key belongs to the organisation it was made in and acts with its creator’s role', async () => {
    const owner = await signUp(t.app);
    const orgId = await createActiveOrganisation(t.app, owner.cookie, 'Keyed Co');
    const key = (await postJson(t.app, '/api/developers/keys', { name: 'Desk', scopes: ['read', 'trade'] }, owner.cookie)).json();
    const bought = await t.app.inject({ method: 'POST', url: '/api/credits/purchase', payload: { projectId: kenya.id, quantity: 1, pricePerCredit: kenya.pricePerCredit }, headers: { authorization: `Bearer ${key.secret}` } });
    expect(bought.statusCode).toBe(201);
    const [row] = await queryRows<{ user_id: number }>(t.deps, sql`select user_id from holdings where id = ${bought.json().credit.id}`);
    expect(row.user_id).toBe(orgId);
    const admin = await memberWithRole(t.app, owner.cookie, orgId, 'admin');
    const adminKey = (await postJson(t.app, '/api/developers/keys', { name: 'Admin', scopes: ['read', 'trade'] }, admin.cookie)).json();
    const refused = await t.app.inject({ method: 'POST', url: '/api/credits/purchase', payload: { projectId: kenya.id, quantity: 1, pricePerCredit: kenya.pricePerCredit }, headers: { authorization: `Bearer ${adminKey.secret}` } });
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'Your role in this organisation (admin) cannot trade (buy, orders, swaps, pools, quotes)']);
  });
});

describe('an organisation that requires two-factor sign-in', () => {
  it('can only be set by someone with it, then refuses members without it (403 telling them to enrol) except to enrol', async () => {
    const owner = await signUp(t.app);
    const id = await createActiveOrganisation(t.app, owner.cookie, 'Strict GmbH');
    const member = await memberWithRole(t.app, owner.cookie, id, 'trader');
    const early = await patch('/api/organisation', { requireTwoFactor: true }, owner.cookie);
    expect([early.statusCode, early.json().message]).toEqual([409, 'Turn on two-factor sign-in for yourself before requiring it of every member']);
    await t.deps.db.update(users).set({ totpEnabledAt: clock() }).where(eq(users.id, owner.user.id));
    expect((await patch('/api/organisation', { requireTwoFactor: true }, owner.cookie)).json()).toMatchObject({ requireTwoFactor: true });
    const refused = await getAs(t.app, '/api/credits/my', member.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'This organisation requires two-factor sign-in: enrol under Account → Two-factor sign-in first']);
    expect((await getAs(t.app, '/api/account/two-factor', member.cookie)).statusCode).toBe(200);
    expect((await postJson(t.app, '/api/account/two-factor/setup', {}, member.cookie)).statusCode).toBe(200);
    expect((await getAs(t.app, '/api/credits/my', owner.cookie)).statusCode).toBe(200);
    const [membership] = await t.deps.db.select().from(organisationMembers).where(eq(organisationMembers.userId, member.user.id));
    expect(membership).toBeDefined();
  });
});
