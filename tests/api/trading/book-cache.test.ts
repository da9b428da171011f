import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '@/server/db/client';
import { newProjectCache, runBatch, type DeskCommand } from '@/server/services/trading/run-batch';
import type { StatementRunner } from '@/server/db/statement-runner';
import type { Project } from '@/shared/schemas/project';
import { formatCents } from '@/domain/money';
import { buyCredits, findProject, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { createPool, traderWithCredits } from '@tests/api/pools/pool-kit';
import { cashOf, marketOrder, newTrader, placeOrder, send, type Trader } from './trading-kit';

// The trading desk keeps the top of each book in memory between batches (domain/trading/book-cache.ts). These tests
// hold it to the database: what another writer changed is read again, a failed batch leaves nothing behind, and a
// batch on a book the cache holds does not read the book.

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
afterAll(async () => { await t?.close(); });

const dialect = new PgDialect();

/** The app's runner, keeping the text of every statement sent (and failing the first write when asked). */
function recordingRunner(options: { failWrite?: boolean } = {}): { runner: StatementRunner; texts: string[] } {
  const texts: string[] = [];
  let failWrite = options.failWrite ?? false;
  const runner = (executor: Executor, query: SQL) => {
    const text = dialect.sqlToQuery(query).sql;
    texts.push(text);
    if (failWrite && text.includes('insert into orders')) {
      failWrite = false;
      return Promise.reject(new Error('the write failed'));
    }
    return t.deps.statements(executor, query);
  };
  return { runner, texts };
}

const limit = (trader: Trader, side: 'buy' | 'sell', priceCents: bigint, quantity = 1): DeskCommand =>
  ({ kind: 'limit', userId: trader.id, side, priceCents, quantity });

describe('the desk\'s cached book', () => {
  let project: Project;
  let sellers: Trader[];
  let buyer: Trader;
  beforeAll(async () => {
    project = await findProject(t.app, 'Katingan Peatland Restoration');
    sellers = [await newTrader(t.app, project, 50, 'CacheSellerA'), await newTrader(t.app, project, 50, 'CacheSellerB')];
    buyer = await newTrader(t.app, project, 0, 'CacheBuyer');
  });

  it('reads the book once, then runs batches without reading an order', async () => {
    const cache = newProjectCache();
    const first = recordingRunner();
    // A buy and a sell that do not cross: each side is read for the other's order.
    await runBatch(t.deps.db, cache, project.id, [limit(sellers[0], 'sell', 2_000n, 3), limit(buyer, 'buy', 1_000n)], new Date(), first.runner);
    expect(first.texts.some((text) => text.includes('from orders o'))).toBe(true);
    const next = recordingRunner();
    const { outcomes } = await runBatch(t.deps.db, cache, project.id, [limit(buyer, 'buy', 2_000n), limit(sellers[1], 'sell', 2_100n)], new Date(), next.runner);
    expect(outcomes.map((outcome) => outcome.ok && outcome.value.trades.length)).toEqual([1, 0]);
    expect(next.texts).toHaveLength(3);
    expect(next.texts.some((text) => text.includes('from orders o'))).toBe(false);
    await assertLedgerInvariants(t.deps.db);
  });

  it('throws away what a failed batch changed, and reads the book again', async () => {
    const cache = newProjectCache();
    await runBatch(t.deps.db, cache, project.id, [limit(sellers[0], 'sell', 1_900n, 2)], new Date(), t.deps.statements);
    const failing = recordingRunner({ failWrite: true });
    // The batch takes the cached ask in memory, then its write fails: nothing of it may stay in the cache.
    await expect(runBatch(t.deps.db, cache, project.id, [limit(buyer, 'buy', 1_900n, 2)], new Date(), failing.runner)).rejects.toThrow(/the write failed/);
    expect(cache.book.version).toBeNull();
    const again = recordingRunner();
    const { outcomes } = await runBatch(t.deps.db, cache, project.id, [limit(buyer, 'buy', 1_900n, 2)], new Date(), again.runner);
    expect(again.texts.some((text) => text.includes('from orders o'))).toBe(true);
    expect(outcomes[0].ok && outcomes[0].value.trades.map((trade) => [trade.pricePerCredit, trade.quantity])).toEqual([['19.00', 2]]);
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('the traders\' cash and lots the desk holds, changed by another writer', () => {
  it('a purchase spends a buyer\'s cash: the next order is decided on the balance left', async () => {
    const project = await findProject(t.app, 'Rajasthan Wind Power');
    const buyer = await newTrader(t.app, project, 0, 'CacheSpender');
    // The desk reads the buyer's cash for this order, and keeps it.
    expect((await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '1.00' })).statusCode).toBe(201);
    // A purchase (not the desk) spends most of the rest.
    const cashCents = await cashOf(t.deps, buyer.id);
    const unitCents = BigInt(Math.round(Number(project.pricePerCredit) * 100));
    await buyCredits(t.app, buyer.cookie, project, Number((cashCents - 20_000n) * 100n / (unitCents * 102n)));
    const left = await cashOf(t.deps, buyer.id);
    expect(left < 50_000n && left > 2_000n).toBe(true);
    // What the desk remembers would cover this lock; the balance does not.
    const refused = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: formatCents(left + 100n) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/Insufficient funds/);
    const fits = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '10.00' });
    expect(fits.statusCode).toBe(201);
    expect(await cashOf(t.deps, buyer.id)).toBe(left - 1_000n);
    await assertLedgerInvariants(t.deps.db);
  });

  it('a retirement of a seller\'s lots: the next sell is decided on the tonnes left', async () => {
    const project = await findProject(t.app, 'Scottish Highlands Native Woodland');
    const seller = await newTrader(t.app, project, 6, 'CacheRetirer');
    // The desk reads the seller's lots for this sell, and keeps the 5 t left.
    expect((await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 1, pricePerCredit: '90.00' })).statusCode).toBe(201);
    const [lot] = (await send(t.app, 'GET', '/api/credits/my', seller.cookie)).json().filter((credit: { status: string }) => credit.status === 'active');
    expect((await postJson(t.app, `/api/credits/${lot.id}/retire`, { reason: 'Scope 1', quantity: 4 }, seller.cookie)).statusCode).toBe(201);
    const refused = await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: '90.00' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/you have 1 available credits/);
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('another writer of the book', () => {
  it('a market order routed over the book and a pool: the desk\'s next batch sees the ask it took as gone', async () => {
    const project = await findProject(t.app, 'Atacama Desert Solar Park');
    const provider = await traderWithCredits(t.app, project, [200], 'CacheProvider');
    // A pool priced far above the book, so that the routed order takes the resting ask first.
    await createPool(t.app, provider.cookie, { projectId: project.id, creditReserve: 200, tokenReserve: '20000' });
    const seller = await newTrader(t.app, project, 10, 'CacheMaker');
    const late = await newTrader(t.app, project, 0, 'CacheLate');
    const taker = await newTrader(t.app, project, 0, 'CacheTaker');
    // A low bid makes the desk read the (empty) asks, so the ask that follows rests in its cached book too.
    expect((await placeOrder(t.app, late, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '1.00' })).statusCode).toBe(201);
    expect((await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 4, pricePerCredit: '8.00' })).statusCode).toBe(201);
    const routed = await marketOrder(t.app, taker, { projectId: project.id, orderType: 'buy', quantity: 4 });
    expect(routed.statusCode).toBe(200);
    expect(routed.json().map((trade: { venue: string; quantity: number }) => [trade.venue, trade.quantity])).toEqual([['book', 4]]);
    // A stale cache would match this buy against the ask the routed order filled.
    const buy = await placeOrder(t.app, late, { projectId: project.id, orderType: 'buy', quantity: 4, pricePerCredit: '8.00' });
    expect(buy.statusCode).toBe(201);
    expect(buy.json()).toMatchObject({ trades: [], order: { status: 'open', remainingQuantity: 4 } });
    const asks = (await send(t.app, 'GET', `/api/trading/orderbook/${project.id}`)).json().sellOrders;
    expect(asks).toEqual([]);
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('a batch run again because a cached balance had moved', () => {
  it('reads and locks its buyers\' cash, although other projects\' batches refill the shared cache meanwhile', async () => {
    const project = await findProject(t.app, 'Katingan Peatland Restoration');
    const buyer = await newTrader(t.app, project, 0, 'RerunBuyer');
    const cash = new Map<number, bigint>();
    const cache = newProjectCache(cash);
    const real = await cashOf(t.deps, buyer.id);
    // A figure another instance's purchase has since made wrong, as another project's batch would settle it.
    const stale = real + 10_000n;
    cash.set(buyer.id, stale);
    let locks = 0;
    const runner: StatementRunner = (executor, query) => {
      // Every run of the batch starts with the book's lock: each finds the stale figure back in the shared cache.
      if (dialect.sqlToQuery(query).sql.includes('orders_id_seq')) {
        locks++;
        cash.set(buyer.id, stale);
      }
      return t.deps.statements(executor, query);
    };
    const { outcomes } = await runBatch(t.deps.db, cache, project.id, [limit(buyer, 'buy', 1_000n)], new Date(), runner);
    expect(outcomes[0].ok).toBe(true);
    // The first run took the stale figure and its write refused it; the second read the balance under the lock.
    expect(locks).toBe(2);
    expect(await cashOf(t.deps, buyer.id)).toBe(real - 1_000n);
    await assertLedgerInvariants(t.deps.db);
  });
});
