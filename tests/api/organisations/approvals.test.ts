import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { approvalRequests, projects } from '@/server/db/schema';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, getAs, listProjects, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { queryRows } from '@tests/api/trading/trading-kit';
import { expireApprovals } from '@/server/services/approvals/approval-expiry';
import { TradingDesk } from '@/server/services/trading/trading-desk';
import { INTERRUPTED_AFTER_MS, INTERRUPTED_ORDER_FAILURE, recoverInterruptedOrders } from '@/server/services/approvals/approval-requests';
import { createActiveOrganisation, memberWithRole } from './organisation-kit';

// Issue 30 item 3: maker–checker approvals and per-member daily spend limits.

let nowMs = Date.parse('2026-11-28T10:00:00Z');
const clock = () => new Date(nowMs);

let t: TestApp;
let project: Project;
let otherProject: Project;
let owner: Awaited<ReturnType<typeof signUp>>;
let orgId: number;
let retirer: Awaited<ReturnType<typeof signUp>>;
let trader: Awaited<ReturnType<typeof signUp>>;
let approverA: Awaited<ReturnType<typeof signUp>>;
let approverB: Awaited<ReturnType<typeof signUp>>;

const put = (url: string, payload: object, cookie: string) => t.app.inject({ method: 'PUT', url, payload, headers: { cookie } });
const setPolicy = async (policy: Partial<Record<string, unknown>>) => {
  const response = await put('/api/organisation/approval-policy', { approvalRetireTonnes: null, approvalSpend: null, approvalTtlHours: 72, dailySpendLimit: null, ...policy }, owner.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const retire = (cookie: string, creditId: number, quantity: number) => postJson(t.app, `/api/credits/${creditId}/retire`, { reason: 'Carbon Neutrality Goal', quantity }, cookie);
const purchase = (cookie: string, target: Project, quantity: number) => postJson(t.app, '/api/credits/purchase', { projectId: target.id, quantity, pricePerCredit: target.pricePerCredit }, cookie);
const decide = (id: number, verdict: 'approve' | 'reject', cookie: string, comment?: string) => postJson(t.app, `/api/approvals/${id}/${verdict}`, comment === undefined ? {} : { comment }, cookie);
const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(t.deps, query))[0].n);
const activeTonnes = async (creditId: number) => (await queryRows<{ quantity: number; status: string }>(t.deps, sql`select quantity, status from holdings where id = ${creditId}`))[0];

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT, { clock });
  [project, otherProject] = (await listProjects(t.app)).filter((row) => row.availableCredits > 1000);
  owner = await signUp(t.app, { firstName: 'Olivia' });
  orgId = await createActiveOrganisation(t.app, owner.cookie, 'Checker Ltd');
  retirer = await memberWithRole(t.app, owner.cookie, orgId, 'retirer');
  trader = await memberWithRole(t.app, owner.cookie, orgId, 'trader');
  approverA = await memberWithRole(t.app, owner.cookie, orgId, 'approver');
  approverB = await memberWithRole(t.app, owner.cookie, orgId, 'approver');
});
afterAll(async () => { await t?.close(); });

describe('the policy', () => {
  it('is off by default; an admin or owner sets it, others may not, bad input is a 400 and changes nothing', async () => {
    expect((await getAs(t.app, '/api/organisation/approval-policy', trader.cookie)).json())
      .toEqual({ approvalRetireTonnes: null, approvalSpend: null, approvalTtlHours: 72, dailySpendLimit: null });
    const refused = await put('/api/organisation/approval-policy', { approvalRetireTonnes: 1, approvalSpend: null, approvalTtlHours: 1, dailySpendLimit: null }, trader.cookie);
    expect(refused.statusCode).toBe(403);
    for (const body of [{ approvalRetireTonnes: 0 }, { approvalSpend: '1.234' }, { approvalTtlHours: 0 }, { dailySpendLimit: -1 }, { extra: true }]) {
      const response = await put('/api/organisation/approval-policy', { approvalRetireTonnes: null, approvalSpend: null, approvalTtlHours: 72, dailySpendLimit: null, ...body }, owner.cookie);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect((await getAs(t.app, '/api/organisation/approval-policy', owner.cookie)).json().approvalRetireTonnes).toBeNull();
    const alone = await signUp(t.app);
    const personal = await put('/api/organisation/approval-policy', { approvalRetireTonnes: 1, approvalSpend: null, approvalTtlHours: 1, dailySpendLimit: null }, alone.cookie);
    expect([personal.statusCode, personal.json().message]).toEqual([409, 'A personal organisation has no one else to approve: create an organisation to use approvals and limits']);
    expect(await setPolicy({ approvalRetireTonnes: 10, approvalSpend: '1000.00' })).toEqual({ approvalRetireTonnes: 10, approvalSpend: '1000.00', approvalTtlHours: 72, dailySpendLimit: null });
  });
});

describe('retirements under a threshold of 10 t', () => {
  let creditId: number;
  beforeAll(async () => {
    await setPolicy({ approvalRetireTonnes: 10 });
    creditId = (await buyCredits(t.app, owner.cookie, project, 100)).credit.id;
  });

  it('run at once below the threshold; at the threshold they wait for an approver (202 with the id) and nothing is retired', async () => {
    const small = await retire(retirer.cookie, creditId, 9);
    expect(small.statusCode).toBe(201);
    const big = await retire(retirer.cookie, creditId, 10);
    expect(big.statusCode).toBe(202);
    expect(big.json()).toMatchObject({ approvalId: expect.any(Number), status: 'pending', message: 'Sent for approval: retirements of 10 t or more need an approver' });
    expect(await activeTonnes(creditId)).toEqual({ quantity: 91, status: 'active' });
    const inbox = (await getAs(t.app, '/api/approvals', approverA.cookie)).json();
    expect(inbox[0]).toMatchObject({ id: big.json().approvalId, kind: 'retire', status: 'pending', quantity: 10, canDecide: true, requesterId: retirer.user.id });
    expect((await getAs(t.app, '/api/approvals', trader.cookie)).json().map((row: { id: number }) => row.id)).not.toContain(big.json().approvalId);
    expect((await getAs(t.app, `/api/approvals/${big.json().approvalId}`, trader.cookie)).statusCode).toBe(404);
  });

  it('refuses self-approval (403 with a message) and leaves the request pending', async () => {
    const own = await retire(owner.cookie, creditId, 10);
    expect(own.statusCode).toBe(202);
    const refused = await decide(own.json().approvalId, 'approve', owner.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'You cannot approve or reject your own request: another approver must decide it']);
    expect((await getAs(t.app, `/api/approvals/${own.json().approvalId}`, owner.cookie)).json()).toMatchObject({ status: 'pending', canDecide: false });
    expect(await activeTonnes(creditId)).toEqual({ quantity: 91, status: 'active' });
  });

  it('a retirer may not decide (403 by role)', async () => {
    const request = await retire(owner.cookie, creditId, 10);
    expect((await decide(request.json().approvalId, 'approve', retirer.cookie)).statusCode).toBe(403);
    expect((await decide(request.json().approvalId, 'reject', approverA.cookie, 'Not this quarter')).json()).toMatchObject({ status: 'rejected', comment: 'Not this quarter' });
  });

  it('two approvers racing: it runs exactly once, the other is told 409', async () => {
    const request = await retire(retirer.cookie, creditId, 20);
    const id = request.json().approvalId;
    const certificatesBefore = await count(sql`select count(*)::text as n from certificates where user_id = ${orgId}`);
    const answers = await Promise.all([decide(id, 'approve', approverA.cookie, 'ok'), decide(id, 'approve', approverB.cookie, 'ok too')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const approved = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(approved).toMatchObject({ status: 'approved', certificateId: expect.any(String), failure: null });
    expect(await count(sql`select count(*)::text as n from certificates where user_id = ${orgId}`)).toBe(certificatesBefore + 1);
    expect((await getAs(t.app, `/api/certificates/${approved.certificateId}`)).json()).toMatchObject({ quantity: 20 });
    expect(await activeTonnes(creditId)).toEqual({ quantity: 71, status: 'active' });
    const twice = await decide(id, 'approve', approverA.cookie);
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'This request was already decided (approved)']);
    await assertLedgerInvariants(t.deps.db);
  });

  it('each decision appends its audit entry in the decision\'s transaction: approved, rejected, failed', async () => {
    const entries = async (id: number) => (await queryRows<{ action: string; person_id: number }>(t.deps, sql`select action, person_id from audit_entries where target_type = 'approval' and target_id = ${String(id)} order by seq`));
    const lot = (await buyCredits(t.app, owner.cookie, project, 20)).credit.id;
    const approved = (await retire(retirer.cookie, lot, 10)).json().approvalId;
    const rejected = (await retire(retirer.cookie, lot, 10)).json().approvalId;
    expect((await decide(approved, 'approve', approverA.cookie)).json().status).toBe('approved');
    expect((await decide(rejected, 'reject', approverB.cookie, 'Not this quarter')).json().status).toBe('rejected');
    expect(await entries(approved)).toEqual([{ action: 'approval.approved', person_id: approverA.user.id }]);
    expect(await entries(rejected)).toEqual([{ action: 'approval.rejected', person_id: approverB.user.id }]);
  });

  it('an oversized comment is a 400 and nothing changes', async () => {
    const request = await retire(retirer.cookie, creditId, 10);
    const id = request.json().approvalId;
    const oversized = await decide(id, 'approve', approverA.cookie, 'x'.repeat(501));
    expect([oversized.statusCode, oversized.json().message]).toEqual([400, 'The comment must be at most 500 characters']);
    expect((await getAs(t.app, `/api/approvals/${id}`, approverA.cookie)).json()).toMatchObject({ status: 'pending', comment: null });
    expect(await activeTonnes(creditId)).toEqual({ quantity: 71, status: 'active' });
    await decide(id, 'reject', approverA.cookie, 'x'.repeat(500));
  });

  it('a lost lot fails the approval with the reason', async () => {
    const request = await retire(retirer.cookie, creditId, 71);
    await setPolicy({ approvalRetireTonnes: 100 });
    expect((await retire(retirer.cookie, creditId, 71)).statusCode).toBe(201);
    await setPolicy({ approvalRetireTonnes: 10 });
    const answer = await decide(request.json().approvalId, 'approve', approverA.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'failed', failure: expect.stringMatching(/retired|not found|hold/i), certificateId: null });
    const audited = await queryRows<{ action: string }>(t.deps, sql`select action from audit_entries where target_type = 'approval' and target_id = ${String(request.json().approvalId)}`);
    expect(audited.map((entry) => entry.action)).toEqual(['approval.failed']);
  });

  it('expires after its time: deciding it then is a 409 with a message, and it shows as expired', async () => {
    await setPolicy({ approvalRetireTonnes: 10, approvalTtlHours: 1 });
    const fresh = (await buyCredits(t.app, owner.cookie, project, 10)).credit.id;
    const request = await retire(retirer.cookie, fresh, 10);
    const id = request.json().approvalId;
    nowMs += 61 * 60_000;
    try {
      const late = await decide(id, 'approve', approverA.cookie);
      expect([late.statusCode, late.json().message]).toEqual([409, 'This request has expired: ask the requester to send it again']);
      expect((await getAs(t.app, `/api/approvals/${id}`, retirer.cookie)).json().status).toBe('expired');
      expect(await activeTonnes(fresh)).toEqual({ quantity: 10, status: 'active' });
      expect((await decide(id, 'reject', approverB.cookie)).statusCode).toBe(409);
      const audited = await queryRows<{ action: string }>(t.deps, sql`select action from audit_entries where target_type = 'approval' and target_id = ${String(id)}`);
      expect(audited.map((entry) => entry.action)).toEqual(['approval.expired']);
    } finally {
      await setPolicy({ approvalRetireTonnes: 10 });
    }
  });
});

describe('the expiry sweep', () => {
  it('marks every pending request past its time expired, with one approval.expired entry each, in bounded batches; two sweeps at once record each once', async () => {
    await setPolicy({ approvalRetireTonnes: 10, approvalTtlHours: 1 });
    try {
      const fresh = (await buyCredits(t.app, owner.cookie, project, 40)).credit.id;
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await retire(retirer.cookie, fresh, 10)).json().approvalId);
      nowMs += 30 * 60_000;
      const later = (await retire(retirer.cookie, fresh, 10)).json().approvalId as number;
      nowMs += 31 * 60_000;
      const statuses = async (wanted: number[]) => (await queryRows<{ id: number; status: string }>(t.deps, sql`select id, status from approval_requests where id in ${wanted} order by id`)).map((row) => row.status);
      // Before the sweep the rows are still pending (the inbox only shows them as expired).
      expect(await statuses(ids)).toEqual(['pending', 'pending', 'pending']);
      expect(await expireApprovals(t.deps.db, clock(), 2)).toBe(2);
      const counts = await Promise.all([expireApprovals(t.deps.db, clock()), expireApprovals(t.deps.db, clock())]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await statuses(ids)).toEqual(['expired', 'expired', 'expired']);
      expect(await statuses([later])).toEqual(['pending']);
      const audited = await queryRows<{ target_id: string; person_id: number | null; account_id: number }>(t.deps, sql`select target_id, person_id, account_id from audit_entries where action = 'approval.expired' and target_id in ${ids.map(String)}`);
      expect(audited.map((entry) => Number(entry.target_id)).sort((a, b) => a - b)).toEqual(ids);
      expect(audited.every((entry) => entry.person_id === null && entry.account_id === orgId)).toBe(true);
      // The app's own worker does the same on its tick.
      nowMs += 30 * 60_000;
      t.app.approvalExpiryWorker.nudge();
      await t.app.approvalExpiryWorker.idle();
      expect(await statuses([later])).toEqual(['expired']);
      expect((await decide(later, 'approve', approverA.cookie)).statusCode).toBe(409);
      expect(await count(sql`select count(*)::text as n from audit_entries where action = 'approval.expired' and target_id = ${String(later)}`)).toBe(1);
      expect(await activeTonnes(fresh)).toEqual({ quantity: 40, status: 'active' });
    } finally {
      await setPolicy({ approvalRetireTonnes: 10 });
    }
  });
});

describe('purchases above $1,000', () => {
  beforeAll(async () => { await setPolicy({ approvalSpend: '1000.00' }); });

  it('run at once at or below it, wait above it; the approval buys as the requester at that moment', async () => {
    const cheap = Math.floor(100_000 / Math.round(Number(project.pricePerCredit) * 102));
    expect((await purchase(trader.cookie, project, Math.max(cheap, 1))).statusCode).toBe(201);
    const big = await purchase(trader.cookie, project, 500);
    expect(big.statusCode, big.body).toBe(202);
    const holdingsBefore = await count(sql`select count(*)::text as n from holdings where user_id = ${orgId}`);
    const approved = (await decide(big.json().approvalId, 'approve', approverA.cookie)).json();
    expect(approved).toMatchObject({ status: 'approved', kind: 'purchase', creditId: expect.any(Number) });
    expect(await count(sql`select count(*)::text as n from holdings where user_id = ${orgId}`)).toBe(holdingsBefore + 1);
    expect(await activeTonnes(approved.creditId)).toEqual({ quantity: 500, status: 'active' });
    await assertLedgerInvariants(t.deps.db);
  });

  it('a stale price fails the approval with a message and buys nothing', async () => {
    const request = await purchase(trader.cookie, otherProject, 500);
    expect(request.statusCode).toBe(202);
    const [row] = await t.deps.db.select({ priceCents: projects.priceCents }).from(projects).where(eq(projects.id, otherProject.id));
    await t.deps.db.update(projects).set({ priceCents: row.priceCents + 100n }).where(eq(projects.id, otherProject.id));
    try {
      const holdingsBefore = await count(sql`select count(*)::text as n from holdings where user_id = ${orgId}`);
      const answer = (await decide(request.json().approvalId, 'approve', approverA.cookie)).json();
      expect(answer).toMatchObject({ status: 'failed', failure: expect.stringContaining('The price changed') });
      expect(await count(sql`select count(*)::text as n from holdings where user_id = ${orgId}`)).toBe(holdingsBefore);
    } finally {
      await t.deps.db.update(projects).set({ priceCents: row.priceCents }).where(eq(projects.id, otherProject.id));
    }
  });

  it('a retried request with the same Idempotency-Key answers the same 202 and stores one request; a new key stores another', async () => {
    const keyed = (key: string) => t.app.inject({
      method: 'POST', url: '/api/credits/purchase', payload: { projectId: project.id, quantity: 500, pricePerCredit: project.pricePerCredit },
      headers: { cookie: trader.cookie, 'idempotency-key': key },
    });
    const requestsOf = () => count(sql`select count(*)::text as n from approval_requests where account_id = ${orgId}`);
    const before = await requestsOf();
    const key = `retry-${Date.now()}`;
    const answers = await Promise.all([keyed(key), keyed(key), keyed(key)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.json().approvalId)).size).toBe(1);
    expect(await requestsOf()).toBe(before + 1);
    const later = await keyed(key);
    expect([later.statusCode, later.json().approvalId, later.headers['idempotent-replayed']]).toEqual([202, answers[0].json().approvalId, 'true']);
    // The same key with another body is refused, and stores nothing.
    const other = await t.app.inject({
      method: 'POST', url: '/api/credits/purchase', payload: { projectId: project.id, quantity: 501, pricePerCredit: project.pricePerCredit },
      headers: { cookie: trader.cookie, 'idempotency-key': key },
    });
    expect(other.statusCode).toBe(422);
    expect(await requestsOf()).toBe(before + 1);
    expect((await keyed(`${key}-2`)).statusCode).toBe(202);
    expect(await requestsOf()).toBe(before + 2);
  });

  it('an API key acts as its creator: its request waits for an approver and names the creator', async () => {
    const key = (await postJson(t.app, '/api/developers/keys', { name: 'Owner desk', scopes: ['read', 'trade'] }, owner.cookie)).json();
    const viaKey = await t.app.inject({ method: 'POST', url: '/api/credits/purchase', payload: { projectId: project.id, quantity: 500, pricePerCredit: project.pricePerCredit }, headers: { authorization: `Bearer ${key.secret}` } });
    expect(viaKey.statusCode).toBe(202);
    const [stored] = await t.deps.db.select().from(approvalRequests).where(eq(approvalRequests.id, viaKey.json().approvalId));
    expect([stored.requesterId, stored.accountId]).toEqual([owner.user.id, orgId]);
    const keyApproves = await t.app.inject({ method: 'POST', url: `/api/approvals/${stored.id}/approve`, payload: {}, headers: { authorization: `Bearer ${key.secret}` } });
    expect(keyApproves.statusCode).toBe(403);
  });
});

describe('orders above $1,000', () => {
  let seller: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    await setPolicy({});
    // Another organisation sells 100 t at $50.00, so that a market buy of 30 t costs $1,500.
    seller = await signUp(t.app, { firstName: 'Sam' });
    await buyCredits(t.app, seller.cookie, otherProject, 100);
    const sell = await postJson(t.app, '/api/trading/orders', { projectId: otherProject.id, orderType: 'sell', quantity: 100, pricePerCredit: '50.00' }, seller.cookie);
    expect(sell.statusCode, sell.body).toBe(201);
    await setPolicy({ approvalSpend: '1000.00' });
  });
  const ordersOf = () => count(sql`select count(*)::text as n from orders where user_id = ${orgId}`);

  it('a limit order worth more waits; two racing approvers place it exactly once', async () => {
    const small = await postJson(t.app, '/api/trading/orders', { projectId: otherProject.id, orderType: 'buy', quantity: 10, pricePerCredit: '1.00' }, trader.cookie);
    expect(small.statusCode).toBe(201);
    const before = await ordersOf();
    const big = await postJson(t.app, '/api/trading/orders', { projectId: otherProject.id, orderType: 'buy', quantity: 2000, pricePerCredit: '1.00' }, trader.cookie);
    expect(big.statusCode).toBe(202);
    expect(await ordersOf()).toBe(before);
    const answers = await Promise.all([decide(big.json().approvalId, 'approve', approverA.cookie), decide(big.json().approvalId, 'approve', approverB.cookie)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const approved = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(approved).toMatchObject({ kind: 'order', status: 'approved', orderId: expect.any(Number) });
    expect(await ordersOf()).toBe(before + 1);
    const [order] = await queryRows<{ quantity: number; user_id: number }>(t.deps, sql`select quantity, user_id from orders where id = ${approved.orderId}`);
    expect(order).toEqual({ quantity: 2000, user_id: orgId });
    await assertLedgerInvariants(t.deps.db);
  });

  it('a crash between the claim and the run is settled by the sweep: never run twice; nothing ran is a clear failure, an order that ran is kept', async () => {
    const held = async () => (await postJson(t.app, '/api/trading/orders', { projectId: otherProject.id, orderType: 'buy', quantity: 2000, pricePerCredit: '1.00' }, trader.cookie)).json().approvalId as number;
    const stateOf = async (id: number) => (await queryRows<{ status: string; failure: string | null; result: { orderId: number | null } | null }>(t.deps, sql`select status, failure, result from approval_requests where id = ${id}`))[0];
    // Stopped after the claim committed, before the desk ran (as a crash would).
    const crashed = await held();
    const before = await ordersOf();
    t.deps.faults = { beforeApprovedOrderRun: async () => { throw new Error('simulated crash'); } };
    try {
      expect((await decide(crashed, 'approve', approverA.cookie)).statusCode).toBe(500);
    } finally {
      t.deps.faults = undefined;
    }
    expect((await stateOf(crashed)).status).toBe('executing');
    expect((await getAs(t.app, `/api/approvals/${crashed}`, trader.cookie)).json().status).toBe('approved');
    expect((await decide(crashed, 'approve', approverB.cookie)).statusCode).toBe(409);
    // Within the grace period it may still be running: left alone.
    expect(await recoverInterruptedOrders(t.deps.db, clock())).toBe(0);
    // Ran, then crashed before it was marked: the order is there, the request only says 'executing'.
    const ran = await held();
    const placed = (await decide(ran, 'approve', approverA.cookie)).json();
    expect(placed.status).toBe('approved');
    await t.deps.db.update(approvalRequests).set({ status: 'executing', result: null }).where(eq(approvalRequests.id, ran));
    nowMs += INTERRUPTED_AFTER_MS + 1000;
    t.app.approvalExpiryWorker.nudge();
    await t.app.approvalExpiryWorker.idle();
    expect(await stateOf(crashed)).toEqual({ status: 'failed', failure: INTERRUPTED_ORDER_FAILURE, result: null });
    expect(await stateOf(ran)).toMatchObject({ status: 'approved', failure: null, result: { orderId: placed.orderId } });
    expect(await ordersOf()).toBe(before + 1);
    expect(await recoverInterruptedOrders(t.deps.db, clock())).toBe(0);
    const audited = await queryRows<{ action: string; person_id: number | null }>(t.deps, sql`select action, person_id from audit_entries where target_type = 'approval' and target_id = ${String(crashed)} order by seq`);
    expect(audited).toEqual([{ action: 'approval.approved', person_id: approverA.user.id }, { action: 'approval.failed', person_id: null }]);
    await assertLedgerInvariants(t.deps.db);
  });

  it('a market order waits at its quoted cost; if the price moved beyond what was approved it fails, else it trades once', async () => {
    const moved = await postJson(t.app, '/api/trading/market-order', { projectId: otherProject.id, orderType: 'buy', quantity: 30 }, trader.cookie);
    expect(moved.statusCode).toBe(202);
    // As if the book had been cheaper when it was approved.
    const [stored] = await t.deps.db.select().from(approvalRequests).where(eq(approvalRequests.id, moved.json().approvalId));
    expect(stored.valueCents).toBe(150_000n);
    await t.deps.db.update(approvalRequests).set({ body: { ...(stored.body as object), approvedTotalCents: '140000' } }).where(eq(approvalRequests.id, stored.id));
    const failed = (await decide(stored.id, 'approve', approverA.cookie)).json();
    expect(failed).toMatchObject({ status: 'failed', failure: 'The price moved: this market order now costs $1500.00, more than the $1400.00 approved' });
    const request = await postJson(t.app, '/api/trading/market-order', { projectId: otherProject.id, orderType: 'buy', quantity: 30 }, trader.cookie);
    const tradesBefore = await count(sql`select count(*)::text as n from trades where buyer_id = ${orgId}`);
    expect((await decide(request.json().approvalId, 'approve', approverB.cookie)).json()).toMatchObject({ status: 'approved', failure: null });
    expect(await count(sql`select count(*)::text as n from trades where buyer_id = ${orgId}`)).toBe(tradesBefore + 1);
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('an approved market order\'s price protection', () => {
  it('is checked by the desk inside the batch that would trade: a book that costs more than approved refuses with a message and changes nothing', async () => {
    // A second desk stands in for the run after the executor's quote passed: here it meets a book that already costs
    // $1500.00 for 30 t, against $1400.00 approved (as if the book moved between the quote and the run).
    const desk = new TradingDesk({ db: t.deps.db, clock, events: t.deps.events, statements: t.deps.statements });
    const cashBefore = await queryRows<{ cash: string }>(t.deps, sql`select cash_cents::text as cash from users where id = ${orgId}`);
    const tradesBefore = await count(sql`select count(*)::text as n from trades`);
    await expect(desk.placeMarketOrder({ userId: orgId, projectId: otherProject.id, side: 'buy', quantity: 30, maxCostCents: 140_000n }))
      .rejects.toThrow('The price moved: this market order now costs $1500.00, more than the $1400.00 approved');
    expect(await count(sql`select count(*)::text as n from trades`)).toBe(tradesBefore);
    expect(await queryRows<{ cash: string }>(t.deps, sql`select cash_cents::text as cash from users where id = ${orgId}`)).toEqual(cashBefore);
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('a daily spend limit per member', () => {
  it('refuses a purchase over what is left today (403 naming the limit and what is left) and resets at UTC midnight', async () => {
    await setPolicy({ dailySpendLimit: '5000.00' });
    const spender = await memberWithRole(t.app, owner.cookie, orgId, 'trader');
    const unitCents = BigInt(Math.round(Number(project.pricePerCredit) * 100));
    const quantity = Number(300_000n / (unitCents * 102n / 100n));
    const first = await purchase(spender.cookie, project, quantity);
    expect(first.statusCode).toBe(201);
    const leftCents = 500_000n - BigInt(Math.round(Number(first.json().total) * 100));
    const holdingsBefore = await count(sql`select count(*)::text as n from holdings where user_id = ${orgId}`);
    const second = await purchase(spender.cookie, project, quantity);
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe(`This exceeds your daily spend limit of $5000.00: $${(Number(leftCents) / 100).toFixed(2)} is left today`);
    expect(await count(sql`select count(*)::text as n from holdings where user_id = ${orgId}`)).toBe(holdingsBefore);
    // Another member has their own limit.
    const colleague = await memberWithRole(t.app, owner.cookie, orgId, 'trader');
    expect((await purchase(colleague.cookie, project, quantity)).statusCode).toBe(201);
    nowMs = Date.parse('2026-11-29T00:00:01Z');
    expect((await purchase(spender.cookie, project, quantity)).statusCode).toBe(201);
    await assertLedgerInvariants(t.deps.db);
  });

  it('a member\'s own limit replaces the policy\'s for them (admin or owner sets it; null goes back to the policy\'s); bad input changes nothing', async () => {
    await setPolicy({ dailySpendLimit: '0.01' });
    const member = await memberWithRole(t.app, owner.cookie, orgId, 'trader');
    const admin = await memberWithRole(t.app, owner.cookie, orgId, 'admin');
    const url = `/api/organisation/members/${member.user.id}/spend-limit`;
    const limitOf = async () => (await getAs(t.app, '/api/organisation/members', owner.cookie)).json().find((row: { userId: number }) => row.userId === member.user.id).dailySpendLimitCents;
    expect(await limitOf()).toBeNull();
    expect((await purchase(member.cookie, project, 1)).json().message).toBe('This exceeds your daily spend limit of $0.01: $0.01 is left today');
    for (const body of [{ dailySpendLimitCents: -1 }, { dailySpendLimitCents: 1.5 }, { dailySpendLimitCents: '100' }, {}, { dailySpendLimitCents: 100, extra: 1 }]) {
      const response = await put(url, body, owner.cookie);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    const unknown = await put('/api/organisation/members/999999/spend-limit', { dailySpendLimitCents: 100 }, owner.cookie);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Member 999999 not found in this organisation']);
    expect((await put(url, { dailySpendLimitCents: 100_000_000 }, member.cookie)).statusCode).toBe(403);
    expect(await limitOf()).toBeNull();
    const set = await put(url, { dailySpendLimitCents: 100_000_000 }, admin.cookie);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ userId: member.user.id, dailySpendLimitCents: 100_000_000 });
    expect((await purchase(member.cookie, project, 1)).statusCode).toBe(201);
    // Others still have the policy's limit.
    expect((await purchase(admin.cookie, project, 1)).statusCode).toBe(403);
    expect((await put(url, { dailySpendLimitCents: 0 }, owner.cookie)).json().dailySpendLimitCents).toBe(0);
    expect((await purchase(member.cookie, project, 1)).json().message).toBe('This exceeds your daily spend limit of $0.00: $0.00 is left today');
    expect((await put(url, { dailySpendLimitCents: null }, owner.cookie)).json().dailySpendLimitCents).toBeNull();
    // Back on the policy's limit, which today's purchase already used up.
    expect((await purchase(member.cookie, project, 1)).json().message).toBe('This exceeds your daily spend limit of $0.01: $0.00 is left today');
    const audited = await queryRows<{ after: { dailySpendLimit: string | null } }>(t.deps, sql`select after from audit_entries where action = 'member.spend_limit_changed' and target_id = ${String(member.user.id)} order by seq`);
    expect(audited.map((entry) => entry.after.dailySpendLimit)).toEqual(['1000000.00', '0.00', null]);
    await setPolicy({ dailySpendLimit: '5000.00' });
  });

  it('holds under concurrency: of many simultaneous purchases and buy orders by one member, only what fits the limit runs', async () => {
    await setPolicy({ dailySpendLimit: '1000.00' });
    const racer = await memberWithRole(t.app, owner.cookie, orgId, 'trader');
    const unitCents = BigInt(Math.round(Number(project.pricePerCredit) * 100));
    // Each purchase costs a little over $300 with the fee, each order $300: at most three of them fit in $1,000.
    const quantity = Number(30_000n / unitCents) + 1;
    const spentOf = () => count(sql`select coalesce(sum(value_cents), 0)::text as n from member_spends where account_id = ${orgId} and user_id = ${racer.user.id}`);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => (index % 2 === 0
      ? purchase(racer.cookie, project, quantity)
      : postJson(t.app, '/api/trading/orders', { projectId: otherProject.id, orderType: 'buy', quantity: 300, pricePerCredit: '1.00' }, racer.cookie))));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201).length, JSON.stringify(codes)).toBeLessThanOrEqual(3);
    expect(codes.filter((code) => code !== 201).every((code) => code === 403), JSON.stringify(codes)).toBe(true);
    // What was counted is what ran, and never above the limit.
    const ran = answers.filter((answer) => answer.statusCode === 201).reduce((sum, answer) => {
      const body = answer.json();
      return sum + (body.total !== undefined ? Math.round(Number(body.total) * 100) : 30_000);
    }, 0);
    expect(await spentOf()).toBe(ran);
    expect(ran).toBeLessThanOrEqual(100_000);
    await assertLedgerInvariants(t.deps.db);
  });

  it('gives back the spend of a purchase that fails, so only what ran counts', async () => {
    await setPolicy({ dailySpendLimit: '1000.00' });
    const unlucky = await memberWithRole(t.app, owner.cookie, orgId, 'trader');
    const stale = await postJson(t.app, '/api/credits/purchase', { projectId: project.id, quantity: 1, pricePerCredit: (Number(project.pricePerCredit) + 1).toFixed(2) }, unlucky.cookie);
    expect(stale.statusCode).toBe(409);
    expect(await count(sql`select count(*)::text as n from member_spends where user_id = ${unlucky.user.id}`)).toBe(0);
  });
});
