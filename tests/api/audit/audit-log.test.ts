import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import type { AuditEntryView, AuditPage, AuditVerification } from '@/shared/schemas/audit';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, findProject, getAs, postJson, requestAs, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { queryRows } from '@tests/api/trading/trading-kit';
import { createActiveOrganisation, memberWithRole } from '@tests/api/organisations/organisation-kit';

// Issue 30 item 4: every state-changing action is appended to a hash chain in its own transaction; the verify route
// recomputes the chain and names the first broken link.

let t: TestApp;
let kenya: Project;
let owner: Awaited<ReturnType<typeof signUp>>;
let organisationId: number;

const AGENT = 'audit-test-agent/1.0';
const inject: ReturnType<typeof requestAs> = (...call) => requestAs(t.app, AGENT)(...call);
const auditPage = async (query = '', cookie = owner.cookie) => {
  const response = await getAs(t.app, `/api/audit${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditPage;
};
const verify = async () => {
  const response = await getAs(t.app, '/api/audit/verify', owner.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditVerification;
};
const newest = async (action: string): Promise<AuditEntryView> => {
  const page = await auditPage(`?action=${action}`);
  expect(page.items.length, `no ${action} entry`).toBeGreaterThan(0);
  return page.items[0];
};

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  kenya = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
  owner = await signUp(t.app, { firstName: 'Audrey' });
  organisationId = await createActiveOrganisation(t.app, owner.cookie, 'Audit Trail GmbH');
});
afterAll(async () => { await t?.close(); });

describe('state-changing actions', () => {
  it('append an entry with the actor, organisation, request id, IP and user agent', async () => {
    const bought = await inject('POST', '/api/credits/purchase', owner.cookie, { projectId: kenya.id, quantity: 4, pricePerCredit: kenya.pricePerCredit });
    expect(bought.statusCode, bought.body).toBe(201);
    const entry = await newest('credit.purchased');
    expect(entry).toMatchObject({
      personId: owner.user.id, personEmail: owner.email, accountId: organisationId, targetType: 'holding', targetId: String(bought.json().credit.id),
      ip: '127.0.0.1', userAgent: AGENT, apiKeyId: null, after: expect.objectContaining({ projectId: kenya.id, quantity: 4 }),
    });
    expect(entry.requestId).toBeTruthy();
  });

  it('log an order, its amend and its cancel', async () => {
    const placed = await inject('POST', '/api/trading/orders', owner.cookie, { projectId: kenya.id, orderType: 'buy', quantity: 2, pricePerCredit: '1.00' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as number;
    expect(await newest('order.placed')).toMatchObject({ targetType: 'order', targetId: String(orderId), personId: owner.user.id, accountId: organisationId,
      after: expect.objectContaining({ side: 'buy', status: 'open', quantity: 2 }) });
    expect((await inject('PATCH', `/api/trading/orders/${orderId}`, owner.cookie, { quantity: 1 })).statusCode).toBe(200);
    expect(await newest('order.amended')).toMatchObject({ targetId: String(orderId), after: expect.objectContaining({ quantity: 1 }) });
    expect((await inject('PATCH', `/api/trading/orders/${orderId}/cancel`, owner.cookie)).statusCode).toBe(200);
    expect(await newest('order.cancelled')).toMatchObject({ targetId: String(orderId), after: expect.objectContaining({ status: 'cancelled' }) });
  });

  it('log a retirement, and a buy-and-retire as its purchase then its retirement', async () => {
    const bought = await buyCredits(t.app, owner.cookie, kenya, 3);
    const retired = await inject('POST', `/api/credits/${bought.credit.id}/retire`, owner.cookie, { reason: 'Audit year 2026' });
    expect(retired.statusCode, retired.body).toBe(201);
    expect(await newest('credit.retired')).toMatchObject({ targetId: String(bought.credit.id), after: expect.objectContaining({ certificateId: retired.json().certificateId, quantity: 3 }) });

    const both = await buyCredits(t.app, owner.cookie, kenya, 2, { retireImmediately: true });
    const [retirement, purchase] = (await auditPage('?pageSize=2')).items;
    expect([purchase.action, retirement.action]).toEqual(['credit.purchased', 'credit.retired']);
    expect(retirement.seq).toBe(purchase.seq + 1);
    expect(retirement.after).toMatchObject({ certificateId: both.certificateId });
  });

  it('log a member’s role change with its before and after, and a key’s creation', async () => {
    const member = await memberWithRole(t.app, owner.cookie, organisationId, 'viewer');
    const changed = await inject('PATCH', `/api/organisation/members/${member.user.id}`, owner.cookie, { role: 'trader' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await newest('member')).toMatchObject({ action: 'member.role_changed', targetId: String(member.user.id), before: { role: 'viewer' }, after: { role: 'trader' } });

    const key = await inject('POST', '/api/developers/keys', owner.cookie, { name: 'Audit CI', scopes: ['read'] });
    expect(key.statusCode, key.body).toBe(201);
    expect(await newest('api_key.created')).toMatchObject({ targetType: 'api_key', targetId: String(key.json().id), after: expect.objectContaining({ name: 'Audit CI' }) });
  });

  it('carry the API key id when a key acts', async () => {
    const key = await inject('POST', '/api/developers/keys', owner.cookie, { name: 'Trading bot', scopes: ['read', 'trade'] });
    expect(key.statusCode, key.body).toBe(201);
    const response = await t.app.inject({
      method: 'POST', url: '/api/trading/orders', headers: { authorization: `Bearer ${key.json().secret}` },
      payload: { projectId: kenya.id, orderType: 'buy', quantity: 1, pricePerCredit: '1.00' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await newest('order.placed')).toMatchObject({ apiKeyId: key.json().id, personId: owner.user.id, accountId: organisationId });
  });

  it('append nothing when refused', async () => {
    const before = (await auditPage()).total;
    const refused = await inject('POST', '/api/credits/purchase', owner.cookie, { projectId: kenya.id, quantity: 10_000_000, pricePerCredit: kenya.pricePerCredit });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await auditPage()).total).toBe(before);
  });
});

describe('GET /api/audit', () => {
  it('filters by actor, action, target and days, and pages', async () => {
    const all = await auditPage();
    expect(all.total).toBeGreaterThanOrEqual(8);
    expect(all.items.every((item) => item.accountId === organisationId)).toBe(true);
    expect((await auditPage('?action=order')).items.every((item) => item.action.startsWith('order.'))).toBe(true);
    expect((await auditPage(`?actor=${owner.user.id + 100000}`)).total).toBe(0);
    const order = await newest('order.cancelled');
    expect((await auditPage(`?target=order:${order.targetId}`)).items.map((item) => item.action)).toEqual(['order.cancelled', 'order.amended', 'order.placed']);
    expect((await auditPage('?from=2000-01-01&to=2000-01-02')).total).toBe(0);
    const paged = await auditPage('?page=2&pageSize=3');
    expect(paged.items.map((item) => item.seq)).toEqual(all.items.slice(3, 6).map((item) => item.seq));
  });

  it('refuses bad filters with a 400 and a message', async () => {
    for (const query of ['?actor=x', '?from=2026-13-01', '?from=2026-02-02&to=2026-02-01', '?pageSize=1000', '?extra=1']) {
      const response = await getAs(t.app, `/api/audit${query}`, owner.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('shows only the active organisation’s entries, to owners, admins and approvers', async () => {
    const stranger = await signUp(t.app);
    expect((await auditPage('', stranger.cookie)).items.every((item) => item.accountId === stranger.user.id)).toBe(true);
    const trader = await memberWithRole(t.app, owner.cookie, organisationId, 'trader');
    expect((await getAs(t.app, '/api/audit', trader.cookie)).statusCode).toBe(403);
    const approver = await memberWithRole(t.app, owner.cookie, organisationId, 'approver');
    expect((await auditPage('', approver.cookie)).total).toBeGreaterThan(0);
    expect((await getAs(t.app, '/api/audit', undefined)).statusCode).toBe(401);
  });

  it('downloads the same entries as CSV', async () => {
    const response = await getAs(t.app, '/api/audit.csv?action=credit', owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('seq,created_at,person_id,person_email,account_id,action,target_type,target_id,before,after,request_id,ip,user_agent,api_key_id,prev_hash,hash');
    const page = await auditPage('?action=credit');
    expect(lines.length - 1).toBe(page.total);
    expect(lines[1].startsWith(`${page.items[0].seq},`)).toBe(true);
  });
});

describe('GET /api/audit/verify', () => {
  it('finds the untouched chain whole', async () => {
    const result = await verify();
    expect(result.ok).toBe(true);
    expect(result.checked).toBe(result.headSeq);
    expect(result.checked).toBeGreaterThanOrEqual(10);
  });

  it('reports the entry whose row was edited, and is whole again once it is put back', async () => {
    const target = await newest('credit.purchased');
    const [original] = await queryRows<{ after: string }>(t.deps, sql`select after::text as after from audit_entries where seq = ${target.seq}`);
    await t.deps.db.execute(sql`update audit_entries set after = jsonb_set(after, '{quantity}', '400') where seq = ${target.seq}`);
    expect(await verify()).toMatchObject({ ok: false, firstBrokenSeq: target.seq, reason: 'hash_mismatch' });
    await t.deps.db.execute(sql`update audit_entries set after = ${original.after}::jsonb where seq = ${target.seq}`);
    expect((await verify()).ok).toBe(true);
  });

  it('reports a row deleted from the middle at the entry after the gap', async () => {
    const head = await verify();
    const seq = head.headSeq - 2;
    const [row] = await queryRows<Record<string, unknown>>(t.deps, sql`select * from audit_entries where seq = ${seq}`);
    await t.deps.db.execute(sql`delete from audit_entries where seq = ${seq}`);
    expect(await verify()).toMatchObject({ ok: false, firstBrokenSeq: seq + 1, reason: 'sequence_gap' });
    expect(row).toBeTruthy();
  });
});

describe('appends racing each other', () => {
  it('chain in order', async () => {
    const others = await Promise.all([1, 2, 3].map(() => signUp(t.app)));
    await Promise.all(others.flatMap((other) => [
      postJson(t.app, '/api/credits/purchase', { projectId: kenya.id, quantity: 1, pricePerCredit: kenya.pricePerCredit }, other.cookie),
      postJson(t.app, '/api/trading/orders', { projectId: kenya.id, orderType: 'buy', quantity: 1, pricePerCredit: '1.00' }, other.cookie),
    ]));
    const [{ n }] = await queryRows<{ n: string }>(t.deps, sql`select count(*)::text as n from audit_entries where person_id = any(${`{${others.map((o) => o.user.id).join(',')}}`}::int[])`);
    expect(Number(n)).toBe(6);
  });
});
