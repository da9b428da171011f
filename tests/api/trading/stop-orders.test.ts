import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { findProject, postJson, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createPool, traderWithCredits } from '@tests/api/pools/pool-kit';
import { cancelOrder, cashOf, ledgerFingerprint, newTrader, placeOrder, queryRows, send, tonnesOf } from './trading-kit';

// Issue 31: stop (type "market") and stop-limit (type "limit") orders with stopPrice, triggered by the project's last
// book trade price. Each scenario uses a project of its own, since the last trade price is per project.

async function storedOrder(t: TestApp, id: number) {
  const [row] = await queryRows<{ status: string; triggered_at: string | null; sequence: string; filled_quantity: number; locked_cents: string }>(
    t.deps, sql`select status, triggered_at::text, sequence::text, filled_quantity, locked_cents::text from orders where id = ${id}`);
  return row;
}

/** One tonne traded at `price` between two fresh traders: the project's last trade price becomes `price`. */
async function tradeAt(app: FastifyInstance, project: Project, price: string) {
  const seller = await newTrader(app, project, 1, 'Tape');
  const buyer = await newTrader(app, project, 0, 'Tape');
  expect((await placeOrder(app, seller, { projectId: project.id, orderType: 'sell', quantity: 1, pricePerCredit: price })).statusCode).toBe(201);
  const response = await placeOrder(app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: price, timeInForce: 'IOC' });
  expect(response.json().trades).toHaveLength(1);
}

describe('stop orders on a running server', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT); });
  afterAll(async () => { await t?.close(); });

  describe('bad input', () => {
    it.each([
      [{ stopPrice: '21.00', postOnly: true }, 'stopPrice cannot go with postOnly'],
      [{ stopPrice: '21.00', timeInForce: 'IOC' }, 'stopPrice goes with timeInForce "GTC" only'],
      [{ stopPrice: '21.00', timeInForce: 'FOK' }, 'stopPrice goes with timeInForce "GTC" only'],
      [{ stopPrice: '0' }, 'stopPrice must be greater than 0'],
      [{ stopPrice: '-2.00' }, 'stopPrice must be'],
      [{ stopPrice: '21.001' }, 'stopPrice must be a positive amount with at most 2 decimals'],
      [{ type: 'market' }, 'type "market" needs stopPrice'],
      [{ type: 'stop' }, 'type must be "limit" or "market"'],
      [{ selfTradePrevention: 'decrement' }, 'selfTradePrevention must be "cancel_newest", "cancel_oldest" or "skip"'],
      [{ type: 'market', stopPrice: '19.00', orderType: 'sell' }, 'a sell stop market order takes no pricePerCredit'],
      [{ type: 'market', stopPrice: '21.00', pricePerCredit: undefined }, 'pricePerCredit is required'],
    ])('%j is a 400 with a message and changes nothing', async (fields, message) => {
      const project = await findProject(t.app, 'Katingan Peatland Restoration');
      const trader = await newTrader(t.app, project, 2, 'Bad');
      const before = await ledgerFingerprint(t.deps);
      const response = await placeOrder(t.app, trader, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '22.00', ...fields });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
      expect(await ledgerFingerprint(t.deps)).toBe(before);
    });

    it.each([
      ['buy', '20.00', 'A buy stop must be above the last trade price of $20.00'],
      ['buy', '19.99', 'A buy stop must be above the last trade price of $20.00'],
      ['sell', '20.00', 'A sell stop must be below the last trade price of $20.00'],
      ['sell', '20.01', 'A sell stop must be below the last trade price of $20.00'],
    ])('a %s stop at %s, on the wrong side of the market, is a 422 and changes nothing', async (side, stopPrice, message) => {
      const project = await findProject(t.app, 'Ohio Landfill Gas Capture');
      await tradeAt(t.app, project, '20.00');
      const trader = await newTrader(t.app, project, 2, 'Wrong');
      const before = await ledgerFingerprint(t.deps);
      const response = await placeOrder(t.app, trader, { projectId: project.id, orderType: side, quantity: 1, pricePerCredit: '20.00', stopPrice });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toContain(message);
      expect(await ledgerFingerprint(t.deps)).toBe(before);
    });
  });

  describe('a buy stop-limit', () => {
    it('locks like a limit order, waits out of the book, and once a trade reaches its stop buys as a limit order', async () => {
      const project = await findProject(t.app, 'Gazi Bay Mangrove Restoration');
      await tradeAt(t.app, project, '20.00');
      const buyer = await newTrader(t.app, project, 0, 'Stop');
      const cash = await cashOf(t.deps, buyer.id);
      const placed = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 2, pricePerCredit: '22.00', stopPrice: '21.00' });
      expect(placed.statusCode).toBe(201);
      const stop = placed.json().order;
      expect(stop).toMatchObject({ status: 'open', stopPrice: '21.00', stopOrderType: 'stop_limit', triggeredAt: null, timeInForce: 'GTC', selfTradePrevention: 'cancel_newest' });
      expect(await storedOrder(t, stop.id)).toMatchObject({ status: 'pending_trigger', locked_cents: '4400' });
      expect(await cashOf(t.deps, buyer.id)).toBe(cash - 4400n);
      // Not in the book: the book shows no bid at 22.00.
      const book = (await send(t.app, 'GET', `/api/trading/orderbook/${project.id}`)).json();
      expect(book.buyOrders.map((level: { pricePerCredit: string }) => level.pricePerCredit)).not.toContain('22.00');
      // Listed as the owner's live order.
      const mine = (await send(t.app, 'GET', '/api/trading/orders/my', buyer.cookie)).json();
      expect(mine.find((order: { id: number }) => order.id === stop.id)).toMatchObject({ status: 'open', stopPrice: '21.00' });

      const offers = await newTrader(t.app, project, 3, 'Offers');
      expect((await placeOrder(t.app, offers, { projectId: project.id, orderType: 'sell', quantity: 3, pricePerCredit: '21.50' })).statusCode).toBe(201);
      // A trade at 20.50 does not reach the stop.
      await tradeAt(t.app, project, '20.50');
      expect((await storedOrder(t, stop.id)).status).toBe('pending_trigger');
      // One at 21.00 does: in the same batch the stop enters and buys 2 at 21.50; 0.50 × 2 of its lock comes back.
      await tradeAt(t.app, project, '21.00');
      expect(await storedOrder(t, stop.id)).toMatchObject({ status: 'filled', filled_quantity: 2, locked_cents: '0' });
      expect((await storedOrder(t, stop.id)).triggered_at).not.toBeNull();
      expect(await cashOf(t.deps, buyer.id)).toBe(cash - 4300n);
      expect(await tonnesOf(t.deps, buyer.id, project.id)).toEqual({ active: 2 });
      const shown = (await send(t.app, 'GET', '/api/trading/orders/my', buyer.cookie)).json().find((order: { id: number }) => order.id === stop.id);
      expect(shown).toMatchObject({ status: 'filled', stopPrice: '21.00' });
      expect(shown.triggeredAt).toEqual(expect.any(String));
      // The audit log says the market triggered it, for the buyer's organisation, once.
      const audited = await queryRows<{ action: string; person_id: number | null; account_id: number }>(t.deps,
        sql`select action, person_id, account_id from audit_entries where target_type = 'order' and target_id = ${String(stop.id)} order by seq`);
      expect(audited).toEqual([{ action: 'order.placed', person_id: buyer.id, account_id: buyer.id }, { action: 'order.stop_triggered', person_id: null, account_id: buyer.id }]);
      await assertLedgerInvariants(t.deps.db);
    });
  });

  describe('a sell stop market order', () => {
    it('escrows its tonnes, and once triggered sells at the market, its unfilled rest released', async () => {
      const project = await findProject(t.app, 'Scottish Highlands Native Woodland');
      await tradeAt(t.app, project, '30.00');
      const seller = await newTrader(t.app, project, 4, 'Stop');
      const placed = await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 4, type: 'market', stopPrice: '29.00' });
      expect(placed.statusCode).toBe(201);
      const stop = placed.json().order;
      expect(stop).toMatchObject({ status: 'open', stopOrderType: 'stop', stopPrice: '29.00' });
      expect(await tonnesOf(t.deps, seller.id, project.id)).toEqual({ escrowed: 4 });
      const bids = await newTrader(t.app, project, 0, 'Bids');
      expect((await placeOrder(t.app, bids, { projectId: project.id, orderType: 'buy', quantity: 3, pricePerCredit: '28.00' })).statusCode).toBe(201);
      const cash = await cashOf(t.deps, seller.id);
      await tradeAt(t.app, project, '29.00');
      expect(await storedOrder(t, stop.id)).toMatchObject({ status: 'cancelled', filled_quantity: 3 });
      expect(await cashOf(t.deps, seller.id)).toBe(cash + 8400n);
      expect(await tonnesOf(t.deps, seller.id, project.id)).toEqual({ active: 1 });
      await assertLedgerInvariants(t.deps.db);
    });
  });

  describe('stops reached by the same trade', () => {
    it('trigger once each, nearest the market first, and equal stops in placement order', async () => {
      const project = await findProject(t.app, 'Atacama Desert Solar Park');
      await tradeAt(t.app, project, '10.00');
      const buyer = await newTrader(t.app, project, 0, 'Stops');
      const ids: number[] = [];
      for (const stopPrice of ['12.00', '11.00', '12.00']) {
        const placed = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '9.00', stopPrice });
        ids.push(placed.json().order.id);
      }
      await tradeAt(t.app, project, '12.00');
      const rows = await Promise.all(ids.map((id) => storedOrder(t, id)));
      expect(rows.map((row) => row.status)).toEqual(['open', 'open', 'open']);
      // They entered the book in trigger order, so their new sequences say it: 11.00 first, then the 12.00 stops as placed.
      const order = [1, 0, 2].map((index) => BigInt(rows[index].sequence));
      expect(order[0] < order[1] && order[1] < order[2]).toBe(true);
      // Triggered once: another reaching trade changes nothing.
      await tradeAt(t.app, project, '12.50');
      expect((await Promise.all(ids.map((id) => storedOrder(t, id)))).map((row) => row.sequence)).toEqual(rows.map((row) => row.sequence));
      await assertLedgerInvariants(t.deps.db);
    });
  });

  describe('cancelling an untriggered stop', () => {
    it('releases its escrow or lock at once, and a later reaching trade finds nothing', async () => {
      const project = await findProject(t.app, 'Rwanda Clean Cookstoves');
      await tradeAt(t.app, project, '15.00');
      const trader = await newTrader(t.app, project, 3, 'Cancel');
      const cash = await cashOf(t.deps, trader.id);
      const sell = (await placeOrder(t.app, trader, { projectId: project.id, orderType: 'sell', quantity: 3, pricePerCredit: '14.00', stopPrice: '14.50' })).json().order;
      const buy = (await placeOrder(t.app, trader, { projectId: project.id, orderType: 'buy', quantity: 2, pricePerCredit: '16.00', stopPrice: '15.50' })).json().order;
      expect(await tonnesOf(t.deps, trader.id, project.id)).toEqual({ escrowed: 3 });
      expect(await cashOf(t.deps, trader.id)).toBe(cash - 3200n);
      expect((await cancelOrder(t.app, trader, sell.id)).json()).toMatchObject({ status: 'cancelled', stopPrice: '14.50', triggeredAt: null });
      expect(await tonnesOf(t.deps, trader.id, project.id)).toEqual({ active: 3 });
      const cancelAll = await send(t.app, 'POST', `/api/trading/orders/cancel-all?projectId=${project.id}`, trader.cookie);
      expect(cancelAll.json().cancelled.map((order: { id: number }) => order.id)).toEqual([buy.id]);
      expect(await cashOf(t.deps, trader.id)).toBe(cash);
      expect((await cancelOrder(t.app, trader, sell.id)).statusCode).toBe(409);
      await tradeAt(t.app, project, '14.00');
      await tradeAt(t.app, project, '16.00');
      expect(await storedOrder(t, sell.id)).toMatchObject({ status: 'cancelled', triggered_at: null });
      expect(await storedOrder(t, buy.id)).toMatchObject({ status: 'cancelled', triggered_at: null });
      await assertLedgerInvariants(t.deps.db);
    });
  });
});

describe('a stop reached by another writer\'s trade', () => {
  it('is triggered by it: a routed market order\'s book leg, which runs outside the desk, reaches it', async () => {
    const t = await createTestApp(ROOMY_RATE_LIMIT);
    try {
      const project = await findProject(t.app, 'Rajasthan Wind Power');
      const provider = await traderWithCredits(t.app, project, [110], 'Provider');
      await createPool(t.app, provider.cookie, { projectId: project.id, creditReserve: 100, tokenReserve: '5000' });
      await tradeAt(t.app, project, '20.00');
      const stopper = await newTrader(t.app, project, 0, 'Stop');
      const stop = (await placeOrder(t.app, stopper, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '19.00', stopPrice: '21.00' })).json().order;
      const seller = await newTrader(t.app, project, 1, 'Offer');
      expect((await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 1, pricePerCredit: '21.00' })).statusCode).toBe(201);
      const taker = await newTrader(t.app, project, 0, 'Taker');
      const routed = await postJson(t.app, '/api/trading/market-order', { projectId: project.id, orderType: 'buy', quantity: 1 }, taker.cookie);
      expect(routed.statusCode, routed.body).toBe(200);
      expect(routed.json()).toMatchObject([{ venue: 'book', pricePerCredit: '21.00' }]);
      // The routed order's own batch triggers it; were it missed, the sweep would within a second.
      await vi.waitFor(async () => expect((await storedOrder(t, stop.id)).status).toBe('open'), { timeout: 10_000 });
      expect((await storedOrder(t, stop.id)).triggered_at).not.toBeNull();
      await assertLedgerInvariants(t.deps.db);
    } finally {
      await t.close();
    }
  });
});

describe('a stop placed before a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stop-orders-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is still waiting after it, and the first reaching trade triggers it', async () => {
    let t = await createTestApp(ROOMY_RATE_LIMIT, { persistentDataDir: dataDir });
    const project = await findProject(t.app, 'Amazon Rainforest Conservation');
    await tradeAt(t.app, project, '40.00');
    const seller = await newTrader(t.app, project, 2, 'Stop');
    const stop = (await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: '38.00', stopPrice: '39.00' })).json().order;
    await t.close();

    t = await createTestApp(ROOMY_RATE_LIMIT, { persistentDataDir: dataDir });
    try {
      expect((await storedOrder(t, stop.id)).status).toBe('pending_trigger');
      const bids = await newTrader(t.app, project, 0, 'Bids');
      expect((await placeOrder(t.app, bids, { projectId: project.id, orderType: 'buy', quantity: 2, pricePerCredit: '38.50' })).statusCode).toBe(201);
      await tradeAt(t.app, project, '39.00');
      expect(await storedOrder(t, stop.id)).toMatchObject({ status: 'filled', filled_quantity: 2 });
      await assertLedgerInvariants(t.deps.db);
    } finally {
      await t.close();
    }
  });
});

describe('a waiting stop that the last trade price already reaches when a server starts', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stop-sweep-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is triggered by the start-up sweep, before any order arrives', async () => {
    let t = await createTestApp(ROOMY_RATE_LIMIT, { persistentDataDir: dataDir });
    const project = await findProject(t.app, 'Amazon Rainforest Conservation');
    await tradeAt(t.app, project, '40.00');
    const buyer = await newTrader(t.app, project, 0, 'Stop');
    const stop = (await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '35.00', stopPrice: '41.00' })).json().order;
    // As if a trade at 40.00 had reached it and no batch had triggered it: its stop moves to 39.00 while no server runs.
    await t.deps.db.execute(sql`update orders set stop_price_cents = 3900 where id = ${stop.id}`);
    await t.close();

    t = await createTestApp(ROOMY_RATE_LIMIT, { persistentDataDir: dataDir });
    try {
      await vi.waitFor(async () => expect((await storedOrder(t, stop.id)).status).toBe('open'), { timeout: 20_000 });
      expect((await storedOrder(t, stop.id)).triggered_at).not.toBeNull();
      await assertLedgerInvariants(t.deps.db);
    } finally {
      await t.close();
    }
  });
});
