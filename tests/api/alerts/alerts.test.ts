import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/server/config';
import { evaluateAlerts } from '@/server/services/alerts/evaluate-alerts';
import type { Project } from '@/shared/schemas/project';
import type { AlertList, AlertRule } from '@/shared/schemas/alerts';
import { createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, getAs, listProjects, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { queryRows } from '@tests/api/trading/trading-kit';
import { startReceiver } from '@tests/api/programmatic/webhook-receiver';

// Issue 31 item 4: alerts fire once per trigger, in the app (the bell) and as a signed alert.triggered webhook.

const FAST_WEBHOOKS = { ...testConfig().webhooks, allowPrivate: true, retryBaseMs: 50, pollMs: 50, timeoutMs: 2000 };
let t: TestApp;
let projects: Project[];
beforeAll(async () => {
  t = await createTestApp({ ...ROOMY_RATE_LIMIT, webhooks: FAST_WEBHOOKS });
  projects = (await listProjects(t.app)).filter((candidate) => candidate.availableCredits > 1000);
  expect(projects.length).toBeGreaterThanOrEqual(4);
});
afterAll(async () => { await t?.close(); });

interface Account { cookie: string; id: number }
const account = async (): Promise<Account> => { const { cookie, user } = await signUp(t.app); return { cookie, id: user.id }; };

async function createRule(who: Account, body: Record<string, unknown>): Promise<AlertRule> {
  const response = await postJson(t.app, '/api/alerts/rules', body, who.cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as AlertRule;
}

async function alertsOf(who: Account): Promise<AlertList> {
  const response = await getAs(t.app, '/api/alerts', who.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AlertList;
}

/** Lets the worker finish what the last commits published, then evaluates once more by hand (a second instance's pass). */
async function settle(projectId: number): Promise<void> {
  await t.app.alertWorker.idle();
  await evaluateAlerts(t.deps.db, [projectId], new Date());
}

/** One tonne traded on the book at this price between two accounts of the market (neither is the alert's owner). */
async function tradeAt(project: Project, market: { seller: Account; buyer: Account }, price: string): Promise<void> {
  const sell = await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity: 1, pricePerCredit: price }, market.seller.cookie);
  expect(sell.statusCode, sell.body).toBe(201);
  const buy = await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: price }, market.buyer.cookie);
  expect(buy.statusCode, buy.body).toBe(201);
  expect(buy.json().trades).toHaveLength(1);
  await settle(project.id);
}

async function market(project: Project) {
  const seller = await account();
  await buyCredits(t.app, seller.cookie, project, 20);
  return { seller, buyer: await account() };
}

function expectedSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

describe('a price_above rule', () => {
  it('fires once when trades cross the threshold, not again while the price stays above, and again after it came back', async () => {
    const project = projects[0];
    const traders = await market(project);
    await tradeAt(project, traders, '10.00');
    const watcher = await account();
    const receiver = await startReceiver();
    try {
      const hook = await postJson(t.app, '/api/developers/webhooks', { url: receiver.url, events: ['alert.triggered'] }, watcher.cookie);
      expect(hook.statusCode, hook.body).toBe(201);
      const { secret } = hook.json() as { secret: string };
      const rule = await createRule(watcher, { kind: 'price_above', projectId: project.id, thresholdCents: 1200 });
      expect(rule).toMatchObject({ kind: 'price_above', thresholdCents: 1200, threshold: '12.00', armed: true, timesFired: 0, projectName: project.name });

      await tradeAt(project, traders, '11.99');
      expect((await alertsOf(watcher)).alerts).toHaveLength(0);
      await tradeAt(project, traders, '12.50');
      await tradeAt(project, traders, '13.00');
      await tradeAt(project, traders, '12.00');
      const after = await alertsOf(watcher);
      expect(after.unreadCount).toBe(1);
      expect(after.alerts).toEqual([expect.objectContaining({
        ruleId: rule.id, kind: 'price_above', projectId: project.id, data: { price: '12.50', threshold: '12.00' }, readAt: null,
      })]);

      // Exactly one outbox row, signed and delivered as alert.triggered.
      const rows = await queryRows<{ count: number }>(t.deps, sql`select count(*)::int as count from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
        where w.user_id = ${watcher.id} and d.event_type = 'alert.triggered'`);
      expect(rows[0].count).toBe(1);
      const [delivery] = await receiver.waitFor(1);
      const id = String(delivery.headers['webhook-id']);
      expect(delivery.headers['webhook-signature']).toBe(expectedSignature(secret, id, String(delivery.headers['webhook-timestamp']), delivery.body));
      expect(JSON.parse(delivery.body)).toMatchObject({
        type: 'alert.triggered',
        data: { alertId: after.alerts[0].id, ruleId: rule.id, kind: 'price_above', projectId: project.id, price: '12.50', threshold: '12.00' },
      });

      // Back below re-arms it; the next crossing is a second trigger.
      await tradeAt(project, traders, '11.00');
      expect((await alertsOf(watcher)).alerts).toHaveLength(1);
      await tradeAt(project, traders, '12.10');
      const again = await alertsOf(watcher);
      expect(again.alerts.map((alert) => alert.data.price)).toEqual(['12.10', '12.50']);
      await receiver.waitFor(2);
    } finally {
      await receiver.close();
    }
  });

  it('made while the price is already above, waits for a crossing (price_below alike)', async () => {
    const project = projects[1];
    const traders = await market(project);
    await tradeAt(project, traders, '20.00');
    const watcher = await account();
    const above = await createRule(watcher, { kind: 'price_above', projectId: project.id, thresholdCents: 1500 });
    const below = await createRule(watcher, { kind: 'price_below', projectId: project.id, thresholdCents: 1800 });
    expect([above.armed, below.armed]).toEqual([false, true]);
    await tradeAt(project, traders, '21.00');
    expect((await alertsOf(watcher)).alerts).toHaveLength(0);
    await tradeAt(project, traders, '17.00');
    await tradeAt(project, traders, '16.00');
    expect((await alertsOf(watcher)).alerts.map((alert) => [alert.kind, alert.data.price])).toEqual([['price_below', '17.00']]);
    await tradeAt(project, traders, '15.00');
    expect((await alertsOf(watcher)).alerts.map((alert) => [alert.kind, alert.data.price])).toEqual([['price_below', '17.00']]);
  });
});

describe('several evaluators at once (app instances)', () => {
  it('fire a crossing once: one alert and one outbox row', async () => {
    const project = projects[0];
    const watcher = await account();
    const receiver = await startReceiver();
    try {
      const hook = await postJson(t.app, '/api/developers/webhooks', { url: receiver.url, events: ['alert.triggered'] }, watcher.cookie);
      expect(hook.statusCode, hook.body).toBe(201);
      const rule = await createRule(watcher, { kind: 'price_above', projectId: project.id, thresholdCents: 900_000 });
      expect(rule.armed).toBe(true);
      // A trade written behind the desks' back publishes nothing, so only the evaluators below see it.
      await t.deps.db.execute(sql`insert into trades (project_id, venue, price_cents, quantity, total_cents) values (${project.id}, 'book', 950000, 1, 950000)`);
      await Promise.all(Array.from({ length: 6 }, () => evaluateAlerts(t.deps.db, [project.id], new Date())));
      expect((await alertsOf(watcher)).alerts.map((alert) => alert.data.price)).toEqual(['9500.00']);
      const [{ count }] = await queryRows<{ count: number }>(t.deps, sql`select count(*)::int as count from webhook_deliveries d
        join webhook_endpoints w on w.id = d.endpoint_id where w.user_id = ${watcher.id} and d.event_type = 'alert.triggered'`);
      expect(count).toBe(1);
      await receiver.waitFor(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('an order_filled rule', () => {
  it('fires once per order of the organisation filled completely, not for a part fill', async () => {
    const project = projects[2];
    const seller = await account();
    await buyCredits(t.app, seller.cookie, project, 10);
    const buyer = await account();
    const rule = await createRule(seller, { kind: 'order_filled', projectId: project.id });
    const sell = await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: '30.00' }, seller.cookie);
    const orderId = (sell.json() as { order: { id: number } }).order.id;
    await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '30.00' }, buyer.cookie);
    await settle(project.id);
    expect((await alertsOf(seller)).alerts).toHaveLength(0);
    await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '30.00' }, buyer.cookie);
    await settle(project.id);
    await settle(project.id);
    const list = await alertsOf(seller);
    expect(list.alerts).toEqual([expect.objectContaining({ ruleId: rule.id, kind: 'order_filled', data: { orderId } })]);
    // The buyer has no rule: nothing for them.
    expect((await alertsOf(buyer)).alerts).toHaveLength(0);
  });
});

describe('label_changed and rating_changed rules', () => {
  it('fire once per change of their own attribute, whoever evaluates and however often', async () => {
    const project = projects[3];
    const watcher = await account();
    const [before] = await queryRows<{ ccp_label: string }>(t.deps, sql`select ccp_label from projects where id = ${project.id}`);
    const label = await createRule(watcher, { kind: 'label_changed', projectId: project.id });
    const rating = await createRule(watcher, { kind: 'rating_changed', projectId: project.id });
    const next = before.ccp_label === 'approved' ? 'pending' : 'approved';
    await t.deps.db.execute(sql`update projects set ccp_label = ${next} where id = ${project.id}`);
    t.deps.events.publish({ type: 'catalogue' });
    await settle(project.id);
    await settle(project.id);
    expect((await alertsOf(watcher)).alerts).toEqual([
      expect.objectContaining({ ruleId: label.id, kind: 'label_changed', data: { from: before.ccp_label, to: next } }),
    ]);
    await t.deps.db.execute(sql`update projects set rating = 'AAA', rating_on_watch = true where id = ${project.id}`);
    t.deps.events.publish({ type: 'project', projectId: project.id });
    await settle(project.id);
    const list = await alertsOf(watcher);
    expect(list.alerts.map((alert) => [alert.ruleId, alert.data.to])).toEqual([[rating.id, 'AAA (on watch)'], [label.id, next]]);
    expect(list.unreadCount).toBe(2);
    await t.deps.db.execute(sql`update projects set ccp_label = ${before.ccp_label} where id = ${project.id}`);
  });
});

describe('reading and managing', () => {
  it('marks some or all alerts read and deletes rules; another organisation sees none of it', async () => {
    const project = projects[3];
    const watcher = await account();
    const other = await account();
    const rule = await createRule(watcher, { kind: 'label_changed', projectId: project.id });
    const [{ ccp_label: current }] = await queryRows<{ ccp_label: string }>(t.deps, sql`select ccp_label from projects where id = ${project.id}`);
    for (const value of ['approved', 'pending', 'none'].filter((label) => label !== current)) {
      await t.deps.db.execute(sql`update projects set ccp_label = ${value} where id = ${project.id}`);
      await settle(project.id);
    }
    const list = await alertsOf(watcher);
    expect(list.unreadCount).toBe(2);
    expect(list.alerts[0].id).toBeGreaterThan(list.alerts[1].id);
    expect((await postJson(t.app, '/api/alerts/read', { ids: [list.alerts[1].id] }, other.cookie)).json()).toEqual({ marked: 0, unreadCount: 0 });
    expect((await postJson(t.app, '/api/alerts/read', { ids: [list.alerts[1].id] }, watcher.cookie)).json()).toEqual({ marked: 1, unreadCount: 1 });
    expect((await postJson(t.app, '/api/alerts/read', {}, watcher.cookie)).json()).toEqual({ marked: 1, unreadCount: 0 });
    expect((await getAs(t.app, '/api/alerts/rules', other.cookie)).json()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/alerts/rules/${rule.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await getAs(t.app, '/api/alerts/rules', watcher.cookie)).json()).toEqual([expect.objectContaining({ id: rule.id })]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/alerts/rules/${rule.id}`, headers: { cookie: watcher.cookie } })).statusCode).toBe(204);
    expect((await getAs(t.app, '/api/alerts/rules', watcher.cookie)).json()).toEqual([]);
    // The notifications outlive their rule.
    expect((await alertsOf(watcher)).alerts).toHaveLength(2);
  });

  it('refuses bad input with a 4xx and a message, and stores nothing', async () => {
    const watcher = await account();
    const projectId = projects[0].id;
    const bad: [Record<string, unknown>, number, RegExp][] = [
      [{ kind: 'price_sideways', projectId, thresholdCents: 100 }, 400, /kind must be one of/],
      [{ kind: 'price_above', projectId }, 400, /thresholdCents is required/],
      [{ kind: 'price_above', projectId, thresholdCents: 12.5 }, 400, /whole number of cents/],
      [{ kind: 'price_above', projectId, thresholdCents: '1250' }, 400, /thresholdCents must be a number/],
      [{ kind: 'price_below', projectId, thresholdCents: 0 }, 400, /at least 1/],
      [{ kind: 'price_below', projectId, thresholdCents: 100_000_001 }, 400, /at most/],
      [{ kind: 'label_changed', projectId, thresholdCents: 100 }, 400, /only for price/],
      [{ kind: 'order_filled' }, 400, /projectId/],
      [{ kind: 'order_filled', projectId, extra: 1 }, 400, /.+/],
      [{ kind: 'order_filled', projectId: 999_999 }, 404, /Project 999999 not found/],
    ];
    for (const [body, status, message] of bad) {
      const response = await postJson(t.app, '/api/alerts/rules', body, watcher.cookie);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    expect((await postJson(t.app, '/api/alerts/read', { ids: [] }, watcher.cookie)).statusCode).toBe(400);
    expect((await postJson(t.app, '/api/alerts/read', { ids: ['x'] }, watcher.cookie)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/alerts/rules/abc', headers: { cookie: watcher.cookie } })).statusCode).toBe(400);
    expect((await postJson(t.app, '/api/alerts/rules', { kind: 'order_filled', projectId })).statusCode).toBe(401);
    expect((await getAs(t.app, '/api/alerts')).statusCode).toBe(401);
    const [{ count }] = await queryRows<{ count: number }>(t.deps, sql`select count(*)::int as count from alert_rules where account_id = ${watcher.id}`);
    expect(count).toBe(0);
  });
});
