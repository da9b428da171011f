import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildCheckedApp, createTestApp, signUp, type TestApp } from '@tests/support/test-app';
import { buyCredits, listProjects, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { cashOf, queryRows } from '@tests/api/trading/trading-kit';
import type { Project } from '@/shared/schemas/project';

let t: TestApp;
let project: Project;
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  project = (await listProjects(t.app)).find((candidate) => candidate.availableCredits > 1000)!;
});
afterAll(async () => { await t?.close(); });

const purchaseBody = (quantity = 2) => ({ projectId: project.id, quantity, pricePerCredit: project.pricePerCredit });
const purchase = (app: FastifyInstance, cookie: string, key: string | undefined, body: unknown = purchaseBody()) =>
  postJson(app, '/api/credits/purchase', body, cookie, key === undefined ? {} : { 'idempotency-key': key });
const holdingCount = async (userId: number) =>
  Number((await queryRows<{ n: number }>(t.deps, sql`select count(*)::int as n from holdings where user_id = ${userId}`))[0].n);
const keyCount = async (userId: number) =>
  Number((await queryRows<{ n: number }>(t.deps, sql`select count(*)::int as n from idempotency_keys where user_id = ${userId}`))[0].n);

describe('Idempotency-Key on a purchase', () => {
  it('answers a sequential retry with the stored answer and charges once', async () => {
    const { cookie, user } = await signUp(t.app);
    const first = await purchase(t.app, cookie, 'order-7781');
    const second = await purchase(t.app, cookie, 'order-7781');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    // Byte for byte: the first answer is sent from the same value that was stored (no token yet: the chain is off).
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await holdingCount(user.id)).toBe(1);
    expect(await cashOf(t.deps, user.id)).toBe(5_000_000n - BigInt(Math.round(Number(first.json().total) * 100)));
    // Without a key the same request is a second purchase, as before.
    expect((await purchase(t.app, cookie, undefined)).statusCode).toBe(201);
    expect(await holdingCount(user.id)).toBe(2);
  });

  it('refuses the same key with a different body (422) and changes nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    await purchase(t.app, cookie, 'k-1');
    const cash = await cashOf(t.deps, user.id);
    const response = await purchase(t.app, cookie, 'k-1', purchaseBody(3));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/different request/);
    expect(await holdingCount(user.id)).toBe(1);
    expect(await cashOf(t.deps, user.id)).toBe(cash);
  });

  it('scopes keys to the account', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    await purchase(t.app, alice.cookie, 'shared-key');
    const response = await purchase(t.app, bob.cookie, 'shared-key');
    expect(response.statusCode).toBe(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    expect(await holdingCount(bob.user.id)).toBe(1);
  });

  it.each([
    ['an oversized key', 'x'.repeat(256)],
    ['an empty key', ''],
    ['a key with a control character', 'abc\u0001'],
  ])('refuses %s with 400 and changes nothing', async (_name, key) => {
    const { cookie, user } = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/credits/purchase', payload: purchaseBody(), headers: { cookie, 'idempotency-key': key } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Idempotency-Key/);
    expect(await holdingCount(user.id)).toBe(0);
  });

  it('accepts a key of exactly 255 characters', async () => {
    const { cookie } = await signUp(t.app);
    expect((await purchase(t.app, cookie, 'k'.repeat(255))).statusCode).toBe(201);
  });

  it('runs 10 concurrent duplicates once, on one instance and across two instances of one database', async () => {
    // A second app on the same database has its own desks and its own in-process gate: only the database stops it.
    const other = await buildCheckedApp({ ...t.deps }, { clientDist: '/nonexistent' });
    await other.ready();
    try {
      const { cookie, user } = await signUp(t.app);
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => purchase(i % 2 === 0 ? t.app : other, cookie, 'burst-1')));
      const created = responses.filter((response) => response.statusCode === 201);
      for (const response of responses) expect([201, 409]).toContain(response.statusCode);
      expect(created.length).toBeGreaterThanOrEqual(1);
      for (const response of created) expect(response.json()).toEqual(created[0].json());
      expect(await holdingCount(user.id)).toBe(1);
      expect(await keyCount(user.id)).toBe(1);
      await assertLedgerInvariants(t.deps.db);
    } finally {
      await other.close();
    }
  });

  it('keeps work and key together when the transaction fails after the work (no key, no purchase), then runs once on retry', async () => {
    const { cookie, user } = await signUp(t.app);
    // Storing the answer is the transaction's last statement: make it fail, as a crash before the commit would.
    await t.deps.db.execute(sql.raw(`create function refuse_key() returns trigger language plpgsql as $$ begin raise exception 'simulated crash'; end $$`));
    await t.deps.db.execute(sql.raw(`create trigger refuse_key before insert on idempotency_keys for each row when (new.key = 'crash-1') execute function refuse_key()`));
    try {
      const failed = await purchase(t.app, cookie, 'crash-1');
      expect(failed.statusCode).toBe(500);
      expect(await holdingCount(user.id)).toBe(0);
      expect(await keyCount(user.id)).toBe(0);
      expect(await cashOf(t.deps, user.id)).toBe(5_000_000n);
    } finally {
      await t.deps.db.execute(sql.raw('drop trigger refuse_key on idempotency_keys'));
      await t.deps.db.execute(sql.raw('drop function refuse_key()'));
    }
    expect((await purchase(t.app, cookie, 'crash-1')).statusCode).toBe(201);
    expect((await purchase(t.app, cookie, 'crash-1')).headers['idempotent-replayed']).toBe('true');
    expect(await holdingCount(user.id)).toBe(1);
  });

  it('replays the stored answer to a retry after a restart (the first answer was lost with the process)', async () => {
    const { cookie, user } = await signUp(t.app);
    const first = await purchase(t.app, cookie, 'restart-1');
    const restarted = await buildCheckedApp({ ...t.deps }, { clientDist: '/nonexistent' });
    await restarted.ready();
    try {
      const retry = await purchase(restarted, cookie, 'restart-1');
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(await holdingCount(user.id)).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  it('runs a key again once its answer expired, whichever way the request is written (desk, single, order batch)', async () => {
    let offsetMs = 0;
    const late = await createTestApp(ROOMY_RATE_LIMIT, { clock: () => new Date(Date.now() + offsetMs) });
    try {
      const { cookie, user } = await signUp(late.app);
      const buy = (app: FastifyInstance, key: string, body: unknown) => postJson(app, '/api/credits/purchase', body, cookie, { 'idempotency-key': key });
      const order = { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '0.01' };
      const count = async (table: 'holdings' | 'idempotency_keys' | 'orders') =>
        Number((await queryRows<{ n: number }>(late.deps, sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${user.id}`))[0].n);
      const first = [
        await buy(late.app, 'old-1', purchaseBody(1)),
        await buy(late.app, 'old-2', { ...purchaseBody(1), retireImmediately: true }),
        await postJson(late.app, '/api/trading/orders', order, cookie, { 'idempotency-key': 'old-3' }),
      ];
      expect(first.map((response) => response.statusCode)).toEqual([201, 201, 201]);
      offsetMs = 25 * 3_600_000;
      // The same keys with other bodies a day later: an expired answer no longer binds its key (no 422), each runs again.
      const again = [
        await buy(late.app, 'old-1', purchaseBody(3)),
        await buy(late.app, 'old-2', { ...purchaseBody(2), retireImmediately: true }),
        await postJson(late.app, '/api/trading/orders', { ...order, quantity: 2 }, cookie, { 'idempotency-key': 'old-3' }),
      ];
      expect(again.map((response) => [response.statusCode, response.headers['idempotent-replayed']]))
        .toEqual([[201, undefined], [201, undefined], [201, undefined]]);
      expect([await count('holdings'), await count('orders'), await count('idempotency_keys')]).toEqual([4, 2, 3]);
      // A restarted process knows no key: the database refuses the stored one, and the retry replays the new answer.
      const restarted = await buildCheckedApp({ ...late.deps }, { clientDist: '/nonexistent' });
      await restarted.ready();
      try {
        const replay = await buy(restarted, 'old-1', purchaseBody(3));
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.json()).toEqual(again[0].json());
      } finally {
        await restarted.close();
      }
      expect(await count('holdings')).toBe(4);
      await assertLedgerInvariants(late.deps.db);
    } finally {
      await late.close();
    }
  });

  it('stores nothing for a refused purchase, so a retry runs again', async () => {
    const { cookie, user } = await signUp(t.app);
    const refused = await purchase(t.app, cookie, 'poor-1', { ...purchaseBody(), quantity: 1_000_000 });
    expect(refused.statusCode).toBe(422);
    expect(await keyCount(user.id)).toBe(0);
  });
});

describe('Idempotency-Key on the other state-changing routes', () => {
  it('replays retire, buy-and-retire, limit orders, cancels, market orders, quotes and pool operations', async () => {
    const { cookie, user } = await signUp(t.app);
    const bought = await buyCredits(t.app, cookie, project, 40);
    const send = async (method: 'POST' | 'PATCH', url: string, payload: unknown, key: string) => {
      const options = { method, url, payload: payload as object, headers: { cookie, 'idempotency-key': key } };
      const first = await t.app.inject(options);
      const again = await t.app.inject(options);
      expect(first.statusCode, `${url}: ${first.body}`).toBeLessThan(300);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed'], url).toBe('true');
      return first.json();
    };
    await send('POST', `/api/credits/${bought.credit.id}/retire`, { reason: 'Scope 3', quantity: 1 }, 'retire-1');
    await send('POST', '/api/credits/purchase', { ...purchaseBody(1), retireImmediately: true }, 'bar-1');
    const sell = await send('POST', '/api/trading/orders', { projectId: project.id, orderType: 'sell', quantity: 3, pricePerCredit: '999.00' }, 'sell-1');
    await send('PATCH', `/api/trading/orders/${sell.order.id}/cancel`, undefined, 'cancel-1');
    await send('POST', '/api/quotes', { projectId: project.id, quantity: 2 }, 'quote-1');
    await send('POST', '/api/trading/pools', { projectId: project.id, creditReserve: 10, tokenReserve: '200.00' }, 'pool-1');
    const pool = (await t.app.inject({ method: 'GET', url: `/api/trading/pools/${project.id}` })).json();
    await send('POST', `/api/trading/pools/${pool.id}/add-liquidity`, { creditAmount: 5, tokenAmount: '100.00' }, 'add-1');
    await send('POST', '/api/trading/swap', { projectId: project.id, side: 'buy', quantity: 1, maxAmountIn: '1000.00' }, 'swap-1');
    await send('POST', '/api/trading/market-order', { projectId: project.id, orderType: 'buy', quantity: 1 }, 'market-1');
    await send('POST', `/api/trading/pools/${pool.id}/remove-liquidity`, { lpTokens: 1 }, 'remove-1');
    const counts = await queryRows<{ orders: number; certificates: number; quotes: number; swaps: number }>(t.deps, sql`
      select (select count(*)::int from orders where user_id = ${user.id}) as orders,
             (select count(*)::int from certificates where user_id = ${user.id}) as certificates,
             (select count(*)::int from quotes where user_id = ${user.id}) as quotes,
             (select count(*)::int from transactions where user_id = ${user.id} and type = 'swap') as swaps`);
    expect(counts[0]).toMatchObject({ orders: 1, certificates: 2, quotes: 1 });
    expect(await keyCount(user.id)).toBe(10);
    await assertLedgerInvariants(t.deps.db);
  });
});
