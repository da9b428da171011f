import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/server/config';
import { buildCheckedApp, createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, listProjects, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { queryRows } from '@tests/api/trading/trading-kit';
import type { Project } from '@/shared/schemas/project';
import { startReceiver } from './webhook-receiver';
import { saveCertificateTxs } from '@/server/anchoring/anchoring-queries';

const FAST_WEBHOOKS = { ...testConfig().webhooks, allowPrivate: true, retryBaseMs: 50, pollMs: 50, timeoutMs: 2000 };
let t: TestApp;
let project: Project;
beforeAll(async () => {
  t = await createTestApp({ ...ROOMY_RATE_LIMIT, webhooks: FAST_WEBHOOKS });
  project = (await listProjects(t.app)).find((candidate) => candidate.availableCredits > 1000)!;
});
afterAll(async () => { await t?.close(); });

async function endpoint(app: TestApp['app'], cookie: string, url: string, events: string[]) {
  const response = await postJson(app, '/api/developers/webhooks', { url, events }, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; secret: string };
}

/** The published algorithm, written out here rather than imported, so the test checks the spec and not our code. */
function expectedSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

describe('webhooks', () => {
  it('delivers purchase.completed with Standard Webhooks headers and a v1 HMAC-SHA256 signature that verifies', async () => {
    const receiver = await startReceiver();
    try {
      const { cookie } = await signUp(t.app);
      const { secret } = await endpoint(t.app, cookie, receiver.url, ['purchase.completed']);
      expect(secret).toMatch(/^whsec_/);
      const bought = await buyCredits(t.app, cookie, project, 2);
      const [delivery] = await receiver.waitFor(1);
      const id = String(delivery.headers['webhook-id']);
      const timestamp = String(delivery.headers['webhook-timestamp']);
      expect(id).toMatch(/^msg_/);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
      expect(delivery.headers['webhook-signature']).toBe(expectedSignature(secret, id, timestamp, delivery.body));
      expect(JSON.parse(delivery.body)).toMatchObject({
        type: 'purchase.completed', data: { creditId: bought.credit.id, projectId: project.id, quantity: 2, total: bought.total },
      });
      // The body is the payload exactly as the server serialised it: compact JSON, in the order the event was built.
      expect(delivery.body).toBe(JSON.stringify(JSON.parse(delivery.body)));
      expect(Object.keys(JSON.parse(delivery.body))).toEqual(['type', 'timestamp', 'data']);
      // Byte for byte the event as JSON.stringify writes it (the purchase batch builds this text in SQL).
      const { timestamp: sentAt } = JSON.parse(delivery.body) as { timestamp: string };
      expect(new Date(sentAt).toISOString()).toBe(sentAt);
      expect(delivery.body).toBe(JSON.stringify({
        type: 'purchase.completed', timestamp: sentAt,
        data: {
          creditId: bought.credit.id, projectId: project.id, quantity: 2, pricePerCredit: project.pricePerCredit, total: bought.total,
          serialStart: bought.credit.serialStart, serialEnd: bought.credit.serialEnd,
        },
      }));
    } finally {
      await receiver.close();
    }
  });

  it('retries after the receiver answers 500 and logs every attempt', async () => {
    const receiver = await startReceiver((count) => (count === 1 ? 500 : 204));
    try {
      const { cookie } = await signUp(t.app);
      const hook = await endpoint(t.app, cookie, receiver.url, ['purchase.completed', 'retirement.completed']);
      const bought = await buyCredits(t.app, cookie, project, 1);
      const [first, second] = await receiver.waitFor(2);
      expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
      await expect.poll(async () => (await t.app.inject({ method: 'GET', url: `/api/developers/webhooks/${hook.id}/deliveries`, headers: { cookie } })).json()[0])
        .toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 204, lastError: null });
      const attempts = await queryRows<{ status_code: number }>(t.deps, sql`
        select a.status_code from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = ${hook.id} order by a.id`);
      expect(attempts.map((row) => row.status_code)).toEqual([500, 204]);
      // Events the endpoint chose arrive; retirement.completed is one of them.
      await postJson(t.app, `/api/credits/${bought.credit.id}/retire`, { reason: 'Scope 3' }, cookie);
      const all = await receiver.waitFor(3);
      expect(JSON.parse(all[2].body).type).toBe('retirement.completed');
    } finally {
      await receiver.close();
    }
  });

  it('sends only the events an endpoint subscribed to, and resends a delivery with the same webhook-id', async () => {
    const receiver = await startReceiver();
    try {
      const { cookie } = await signUp(t.app);
      const hook = await endpoint(t.app, cookie, receiver.url, ['retirement.completed']);
      const bought = await buyCredits(t.app, cookie, project, 1);
      await postJson(t.app, `/api/credits/${bought.credit.id}/retire`, { reason: 'Scope 3' }, cookie);
      const [only] = await receiver.waitFor(1);
      expect(JSON.parse(only.body).type).toBe('retirement.completed');
      const [logged] = (await t.app.inject({ method: 'GET', url: `/api/developers/webhooks/${hook.id}/deliveries`, headers: { cookie } })).json();
      const resend = await t.app.inject({ method: 'POST', url: `/api/developers/webhooks/${hook.id}/deliveries/${logged.id}/resend`, headers: { cookie } });
      expect(resend.statusCode, resend.body).toBe(201);
      const [, again] = await receiver.waitFor(2);
      expect(again.headers['webhook-id']).toBe(only.headers['webhook-id']);
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it('sends order.filled to both sides of a fill and pool.swap to the swapper', async () => {
    const receiver = await startReceiver();
    try {
      const seller = await signUp(t.app);
      const buyer = await signUp(t.app);
      await buyCredits(t.app, seller.cookie, project, 30);
      for (const account of [seller, buyer]) await endpoint(t.app, account.cookie, receiver.url, ['order.filled', 'pool.swap']);
      await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: '50.00' }, seller.cookie);
      await postJson(t.app, '/api/trading/orders', { projectId: project.id, orderType: 'buy', quantity: 2, pricePerCredit: '50.00' }, buyer.cookie);
      const deliveries = await receiver.waitFor(2);
      const filled = deliveries.map((delivery) => JSON.parse(delivery.body));
      expect(filled.map((event) => [event.type, event.data.side]).sort()).toEqual([['order.filled', 'buy'], ['order.filled', 'sell']]);
      // The bytes are exactly what JSON.stringify gives for the event (the outbox row is built in SQL).
      for (const [index, event] of filled.entries()) {
        expect(event.data).toEqual({ orderId: expect.any(Number), projectId: project.id, side: event.data.side, quantity: 2, pricePerCredit: '50.00' });
        expect(deliveries[index].body).toBe(JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data }));
      }
      const pooled = await postJson(t.app, '/api/trading/pools', { projectId: project.id, creditReserve: 20, tokenReserve: '400.00' }, seller.cookie);
      expect(pooled.statusCode, pooled.body).toBe(201);
      const swapped = await postJson(t.app, '/api/trading/swap', { projectId: project.id, side: 'sell', quantity: 1, minAmountOut: '1.00' }, seller.cookie);
      expect(swapped.statusCode, swapped.body).toBe(201);
      const [, , swapDelivery] = await receiver.waitFor(3);
      const swap = JSON.parse(swapDelivery.body);
      expect(swap).toMatchObject({ type: 'pool.swap', data: { projectId: project.id, side: 'sell', quantity: 1, tradeId: swapped.json().trade.id } });
      const { trade } = swapped.json();
      expect(swap.data).toEqual({ tradeId: trade.id, projectId: project.id, side: 'sell', quantity: 1, pricePerCredit: trade.pricePerCredit, total: trade.totalValue });
      expect(swapDelivery.body).toBe(JSON.stringify({ type: swap.type, timestamp: swap.timestamp, data: swap.data }));
    } finally {
      await receiver.close();
    }
  });

  it('sends certificate.anchored when the anchoring worker stores the retirement\'s transaction', async () => {
    const receiver = await startReceiver();
    try {
      const { cookie } = await signUp(t.app);
      await endpoint(t.app, cookie, receiver.url, ['certificate.anchored']);
      const bought = await buyCredits(t.app, cookie, project, 1, { retireImmediately: true });
      // This app runs without a chain: store the hash as the anchoring worker does once the retirement is mined.
      await saveCertificateTxs(t.deps.db, [bought.certificateId!], '0xabc123');
      const [anchored] = await receiver.waitFor(1);
      expect(JSON.parse(anchored.body)).toMatchObject({ type: 'certificate.anchored', data: { certificateId: bought.certificateId, chainTxHash: '0xabc123' } });
    } finally {
      await receiver.close();
    }
  });

  it('sends each event once when two instances run the worker on one database', async () => {
    const other = await buildCheckedApp({ ...t.deps }, { clientDist: '/nonexistent' });
    await other.ready();
    const receiver = await startReceiver();
    try {
      const { cookie } = await signUp(t.app);
      await endpoint(t.app, cookie, receiver.url, ['purchase.completed']);
      for (let i = 0; i < 12; i++) await buyCredits(i % 2 === 0 ? t.app : other, cookie, project, 1);
      await receiver.waitFor(12);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ids = receiver.received.map((delivery) => delivery.headers['webhook-id']);
      expect(new Set(ids).size).toBe(12);
      expect(ids).toHaveLength(12);
    } finally {
      await receiver.close();
      await other.close();
    }
  });

  it('keeps undelivered events in the outbox across a restart and delivers them afterwards', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'webhook-restart-'));
    const receiver = await startReceiver();
    const port = receiver.port;
    await receiver.close();
    let app = await createTestApp({ ...ROOMY_RATE_LIMIT, webhooks: FAST_WEBHOOKS }, { persistentDataDir: dataDir });
    try {
      const { cookie } = await signUp(app.app);
      await endpoint(app.app, cookie, `http://127.0.0.1:${port}/hooks`, ['purchase.completed']);
      const seedProject = (await listProjects(app.app)).find((candidate) => candidate.availableCredits > 10)!;
      await buyCredits(app.app, cookie, seedProject, 1);
      // The receiver is down: the first attempt fails and the delivery waits for its retry.
      await expect.poll(async () => (await queryRows<{ attempts: number }>(app.deps, sql`select attempts from webhook_deliveries`))[0]?.attempts ?? 0).toBeGreaterThan(0);
      await app.close();
      const back = await startReceiver(() => 200, port);
      try {
        app = await createTestApp({ ...ROOMY_RATE_LIMIT, webhooks: FAST_WEBHOOKS }, { persistentDataDir: dataDir });
        const [delivered] = await back.waitFor(1);
        expect(JSON.parse(delivered.body).type).toBe('purchase.completed');
      } finally {
        await back.close();
      }
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('webhook endpoint URLs', () => {
  let strict: TestApp;
  beforeAll(async () => { strict = await createTestApp(ROOMY_RATE_LIMIT); });
  afterAll(async () => { await strict?.close(); });

  it.each([
    ['http://hooks.example.com/x', /https/],
    ['ftp://hooks.example.com/x', /https/],
    ['https://127.0.0.1/x', /private/],
    ['https://localhost:8443/x', /private/],
    ['https://10.1.2.3/x', /private/],
    ['https://192.168.1.10/x', /private/],
    ['https://169.254.169.254/latest/meta-data', /private/],
    ['https://[::1]/x', /private/],
    ['https://[fe80::1]/x', /private/],
    ['https://[::ffff:127.0.0.1]/x', /private/],
    ['https://user:pw@hooks.example.com/x', /credentials/],
    ['not a url', /url/],
  ])('refuses %s with 400 and stores nothing', async (url, message) => {
    const { cookie, user } = await signUp(strict.app);
    const response = await postJson(strict.app, '/api/developers/webhooks', { url, events: ['purchase.completed'] }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await queryRows(strict.deps, sql`select id from webhook_endpoints where user_id = ${user.id}`)).toHaveLength(0);
  });

  it('accepts a public https URL and refuses unknown events', async () => {
    const { cookie } = await signUp(strict.app);
    expect((await postJson(strict.app, '/api/developers/webhooks', { url: 'https://hooks.example.com/carbon', events: ['order.filled', 'pool.swap'] }, cookie)).statusCode).toBe(201);
    expect((await postJson(strict.app, '/api/developers/webhooks', { url: 'https://hooks.example.com/carbon', events: ['everything'] }, cookie)).statusCode).toBe(400);
  });
});
