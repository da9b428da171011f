import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView, AuditPage } from '@/shared/schemas/audit';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, SIGN_UP_PASSWORD, signUp, type TestApp } from '@tests/support/test-app';
import { testConfig } from '@/server/config';
import { buyCredits, getAs, listProjects, postJson, requestAs, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createActiveOrganisation, invite } from '@tests/api/organisations/organisation-kit';

// Issue 30 item 4: the actions beyond trading, purchases and retirements each append their entry (action, target,
// actor, request id) in their own transaction. One table: what to do, and the entry it must leave.

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let organisationId: number;

const AGENT = 'audit-coverage-agent/1.0';
const inject: ReturnType<typeof requestAs> = (...call) => requestAs(t.app, AGENT)(...call);

const newest = async (action: string, cookie = owner.cookie): Promise<AuditEntryView> => {
  const response = await getAs(t.app, `/api/audit?action=${action}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json() as AuditPage;
  expect(page.items.length, `no ${action} entry`).toBeGreaterThan(0);
  return page.items[0];
};

beforeAll(async () => {
  // Webhook URLs on 127.0.0.1 are allowed here; the port is closed, so deliveries just fail and stay in the log.
  t = await createTestApp({ ...ROOMY_RATE_LIMIT, webhooks: { ...testConfig().webhooks, allowPrivate: true } });
  owner = await signUp(t.app, { firstName: 'Coverage' });
  organisationId = await createActiveOrganisation(t.app, owner.cookie, 'Coverage Audit Ltd');
});
afterAll(async () => { await t?.close(); });

const HOOK_URL = 'http://127.0.0.1:9/audit-hook';
const createEndpoint = async () => {
  const response = await inject('POST', '/api/developers/webhooks', owner.cookie, { url: HOOK_URL, events: ['purchase.completed'] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
};

let poolId: number;
let poolProjectId: number;

interface Case {
  action: string;
  /**
   * Performs the action; returns the target id the entry must name, who acted (the owner unless said) and the
   * organisation whose log holds it (the owner's active one unless said).
   */
  perform: () => Promise<{ targetId: string; personId?: number; accountId?: number }>;
  targetType: string;
  after?: Record<string, unknown>;
}

const cases: Case[] = [
  {
    action: 'organisation.created', targetType: 'organisation', after: { name: 'Second Coverage Ltd' },
    perform: async () => {
      const response = await inject('POST', '/api/organisations', owner.cookie, { name: 'Second Coverage Ltd', country: 'DE' });
      expect(response.statusCode, response.body).toBe(201);
      // The entry sits in the new organisation's log.
      const id = response.json().id as number;
      return { targetId: String(id), accountId: id };
    },
  },
  {
    action: 'organisation.updated', targetType: 'organisation', after: { name: 'Coverage Audit Renamed Ltd' },
    perform: async () => {
      const response = await inject('PATCH', '/api/organisation', owner.cookie, { name: 'Coverage Audit Renamed Ltd' });
      expect(response.statusCode, response.body).toBe(200);
      return { targetId: String(organisationId) };
    },
  },
  {
    action: 'invite.created', targetType: 'invite', after: { email: 'invited-created@example.com', role: 'viewer' },
    perform: async () => {
      const response = await inject('POST', '/api/organisation/invites', owner.cookie, { email: 'invited-created@example.com', role: 'viewer' });
      expect(response.statusCode, response.body).toBe(201);
      return { targetId: String(response.json().id) };
    },
  },
  {
    action: 'invite.revoked', targetType: 'invite', after: { email: 'invited-revoked@example.com' },
    perform: async () => {
      const { id } = await invite(t.app, owner.cookie, 'invited-revoked@example.com', 'viewer');
      const response = await inject('DELETE', `/api/organisation/invites/${id}`, owner.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return { targetId: String(id) };
    },
  },
  {
    action: 'invite.accepted', targetType: 'invite', after: { role: 'trader' },
    perform: async () => {
      const joiner = await signUp(t.app, { firstName: 'Joiner' });
      const { id, token } = await invite(t.app, owner.cookie, joiner.email, 'trader');
      const response = await inject('POST', `/api/invites/${token}/accept`, joiner.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return { targetId: String(id), personId: joiner.user.id };
    },
  },
  {
    action: 'webhook_endpoint.created', targetType: 'webhook_endpoint', after: { url: HOOK_URL, events: ['purchase.completed'] },
    perform: async () => ({ targetId: String(await createEndpoint()) }),
  },
  {
    action: 'webhook_endpoint.deleted', targetType: 'webhook_endpoint', after: { url: HOOK_URL },
    perform: async () => {
      const id = await createEndpoint();
      const response = await inject('DELETE', `/api/developers/webhooks/${id}`, owner.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return { targetId: String(id) };
    },
  },
  {
    action: 'webhook_delivery.resent', targetType: 'webhook_delivery',
    perform: async () => {
      const id = await createEndpoint();
      const project = (await listProjects(t.app)).find((candidate) => candidate.availableCredits > 10)!;
      await buyCredits(t.app, owner.cookie, project, 1);
      const [logged] = (await inject('GET', `/api/developers/webhooks/${id}/deliveries`, owner.cookie)).json() as { id: number }[];
      const response = await inject('POST', `/api/developers/webhooks/${id}/deliveries/${logged.id}/resend`, owner.cookie);
      expect(response.statusCode, response.body).toBe(201);
      return { targetId: String(response.json().id) };
    },
  },
  {
    action: 'pool.created', targetType: 'pool', after: { creditTonnes: '10', cashCents: '20000' },
    perform: async () => {
      const projects = await listProjects(t.app);
      const project = projects.find((candidate) => candidate.availableCredits > 100 && candidate.id !== projects[0].id)!;
      await buyCredits(t.app, owner.cookie, project, 30);
      const response = await inject('POST', '/api/trading/pools', owner.cookie, { projectId: project.id, creditReserve: 10, tokenReserve: '200.00' });
      expect(response.statusCode, response.body).toBe(201);
      poolId = response.json().pool.id as number;
      poolProjectId = project.id;
      return { targetId: String(poolId) };
    },
  },
  {
    action: 'pool.liquidity_added', targetType: 'pool', after: { creditTonnes: '5' },
    perform: async () => {
      const response = await inject('POST', `/api/trading/pools/${poolId}/add-liquidity`, owner.cookie, { creditAmount: 5, tokenAmount: '100.00' });
      expect(response.statusCode, response.body).toBe(200);
      return { targetId: String(poolId) };
    },
  },
  {
    action: 'pool.swapped', targetType: 'trade', after: { side: 'buy', quantity: 1 },
    perform: async () => {
      const pool = (await inject('GET', `/api/trading/pools/${poolProjectId}`, owner.cookie)).json() as { id: number };
      expect(pool.id).toBe(poolId);
      const response = await inject('POST', '/api/trading/swap', owner.cookie, { projectId: poolProjectId, side: 'buy', quantity: 1, maxAmountIn: '1000.00' });
      expect(response.statusCode, response.body).toBe(201);
      return { targetId: String(response.json().trade.id) };
    },
  },
  {
    action: 'order.market_routed', targetType: 'project', after: { side: 'buy', quantity: 1, trades: 1 },
    perform: async () => {
      const response = await inject('POST', '/api/trading/market-order', owner.cookie, { projectId: poolProjectId, orderType: 'buy', quantity: 1 });
      expect(response.statusCode, response.body).toBe(200);
      return { targetId: String(poolProjectId) };
    },
  },
  {
    action: 'pool.liquidity_removed', targetType: 'pool', after: { lpUnits: '10' },
    perform: async () => {
      const response = await inject('POST', `/api/trading/pools/${poolId}/remove-liquidity`, owner.cookie, { lpTokens: 10 });
      expect(response.statusCode, response.body).toBe(200);
      return { targetId: String(poolId) };
    },
  },
];

const seenRequestIds = new Set<string>();

describe('audited actions', () => {
  it.each(cases)('$action leaves its entry', async ({ action, perform, targetType, after }) => {
    const done = await perform();
    const accountId = done.accountId ?? organisationId;
    if (accountId !== organisationId) expect((await inject('POST', `/api/organisations/${accountId}/activate`, owner.cookie)).statusCode).toBe(200);
    const entry = await newest(action);
    if (accountId !== organisationId) expect((await inject('POST', `/api/organisations/${organisationId}/activate`, owner.cookie)).statusCode).toBe(200);
    expect(entry).toMatchObject({
      action, targetType, targetId: done.targetId, personId: done.personId ?? owner.user.id, accountId, ip: '127.0.0.1', userAgent: AGENT, apiKeyId: null,
      ...(after ? { after: expect.objectContaining(after) } : {}),
    });
    // The request id ties the entry to the server's log line of that request; each request has its own.
    expect(entry.requestId).toBeTruthy();
    expect(seenRequestIds.has(entry.requestId as string), 'request id reused').toBe(false);
    seenRequestIds.add(entry.requestId as string);
  });
});

// How a person signs in is theirs: these entries are in their personal organisation's log, whoever they act for.
describe('audited sign-in settings', () => {
  it('logs two-factor enabled, recovery codes regenerated and disabled, and sessions revoked', async () => {
    const person = await signUp(t.app, { firstName: 'Secure' });
    const entry = (action: string) => newest(action, person.cookie);
    const { secret } = (await inject('POST', '/api/account/two-factor/setup', person.cookie)).json() as { secret: string };
    const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    const enabled = await inject('POST', '/api/account/two-factor/enable', person.cookie, { code });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = (enabled.json() as { recoveryCodes: string[] }).recoveryCodes;
    const self = { targetType: 'person', targetId: String(person.user.id), personId: person.user.id, accountId: person.user.id, userAgent: AGENT };
    expect(await entry('two_factor.enabled')).toMatchObject(self);

    // Recovery codes prove the second factor without waiting for the next 30-second step.
    const regenerated = await inject('POST', '/api/account/two-factor/recovery-codes', person.cookie, { code: codes[0] });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expect(await entry('two_factor.recovery_codes_regenerated')).toMatchObject(self);
    const [newCode] = (regenerated.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect((await inject('POST', '/api/account/two-factor/disable', person.cookie, { code: newCode })).statusCode).toBe(200);
    expect(await entry('two_factor.disabled')).toMatchObject(self);

    const twoFactorOff = await signUp(t.app, { firstName: 'Sessions' });
    const other = await postJson(t.app, '/api/auth/login', { email: twoFactorOff.email, password: SIGN_UP_PASSWORD });
    expect(other.statusCode, other.body).toBe(200);
    const listed = (await getAs(t.app, '/api/account/sessions', twoFactorOff.cookie)).json() as { id: string; current: boolean }[];
    const elsewhere = listed.find((row) => !row.current)!;
    expect((await inject('DELETE', `/api/account/sessions/${elsewhere.id}`, twoFactorOff.cookie)).statusCode).toBe(204);
    expect(await newest('session.revoked', twoFactorOff.cookie)).toMatchObject({ targetType: 'session', targetId: elsewhere.id, personId: twoFactorOff.user.id });
    expect((await postJson(t.app, '/api/auth/login', { email: twoFactorOff.email, password: SIGN_UP_PASSWORD })).statusCode).toBe(200);
    expect((await inject('POST', '/api/account/sessions/sign-out-others', twoFactorOff.cookie)).json()).toEqual({ ended: 1 });
    expect(await newest('session.others_revoked', twoFactorOff.cookie)).toMatchObject({ targetType: 'person', after: { ended: 1 } });
  });
});
