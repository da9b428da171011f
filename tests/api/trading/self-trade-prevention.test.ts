import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createPool } from '@tests/api/pools/pool-kit';
import { cancelOrder, marketOrder, newTrader, placeOrder, queryRows, send, tonnesOf, type Trader } from './trading-kit';

// Issue 31 self-trade prevention modes on POST /api/trading/orders: cancel_newest (the default), cancel_oldest, skip.
// Each scenario trades in a price band of its own and cancels what it left resting.

let t: TestApp;
let project: Project;
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  project = await findProject(t.app, 'Noor Ouarzazate Solar Complex');
});
afterAll(async () => { await t?.close(); });

async function statusOf(id: number) {
  const [row] = await queryRows<{ status: string; remaining_quantity: number }>(t.deps, sql`select status, remaining_quantity from orders where id = ${id}`);
  return row;
}

/** The trader's own offer of 2 t at `own`, then another seller's 2 t at `other` (behind it). */
async function offers(own: string, other: string, market = project): Promise<{ trader: Trader; ownId: number; otherId: number; otherSeller: Trader }> {
  const trader = await newTrader(t.app, market, 2, 'Self');
  const otherSeller = await newTrader(t.app, market, 2, 'Other');
  const ownId = (await placeOrder(t.app, trader, { projectId: market.id, orderType: 'sell', quantity: 2, pricePerCredit: own })).json().order.id;
  const otherId = (await placeOrder(t.app, otherSeller, { projectId: market.id, orderType: 'sell', quantity: 2, pricePerCredit: other })).json().order.id;
  return { trader, ownId, otherId, otherSeller };
}

describe('by default (cancel_newest)', () => {
  it('stops the incoming order at its owner\'s resting order and cancels its remainder', async () => {
    const { trader, ownId, otherId, otherSeller } = await offers('50.00', '50.50');
    const response = await placeOrder(t.app, trader, { projectId: project.id, orderType: 'buy', quantity: 2, pricePerCredit: '51.00' });
    expect(response.json()).toMatchObject({ matched: false, order: { status: 'cancelled', selfTradePrevention: 'cancel_newest' } });
    expect((await statusOf(ownId)).status).toBe('open');
    await cancelOrder(t.app, trader, ownId);
    await cancelOrder(t.app, otherSeller, otherId);
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('cancel_oldest', () => {
  it('cancels the owner\'s resting order, releasing its escrow, and trades on behind it', async () => {
    const { trader, ownId } = await offers('60.00', '60.50');
    const response = await placeOrder(t.app, trader, { projectId: project.id, orderType: 'buy', quantity: 3, pricePerCredit: '61.00', selfTradePrevention: 'cancel_oldest' });
    expect(response.statusCode).toBe(201);
    expect(response.json().order).toMatchObject({ status: 'partially_filled', filledQuantity: 2, remainingQuantity: 1, selfTradePrevention: 'cancel_oldest' });
    expect(response.json().trades.map((trade: { pricePerCredit: string }) => trade.pricePerCredit)).toEqual(['60.50']);
    expect(await statusOf(ownId)).toEqual({ status: 'cancelled', remaining_quantity: 2 });
    // Its 2 escrowed tonnes are back, besides the 2 it bought.
    expect(await tonnesOf(t.deps, trader.id, project.id)).toEqual({ active: 4 });
    await cancelOrder(t.app, trader, response.json().order.id);
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('skip', () => {
  it('passes over the owner\'s resting order, which keeps its place, and cancels a remainder that would rest across it', async () => {
    const { trader, ownId } = await offers('70.00', '70.50');
    const response = await placeOrder(t.app, trader, { projectId: project.id, orderType: 'buy', quantity: 3, pricePerCredit: '71.00', selfTradePrevention: 'skip' });
    expect(response.json().order).toMatchObject({ status: 'cancelled', filledQuantity: 2, remainingQuantity: 1, selfTradePrevention: 'skip' });
    expect(response.json().trades.map((trade: { pricePerCredit: string }) => trade.pricePerCredit)).toEqual(['70.50']);
    expect(await statusOf(ownId)).toEqual({ status: 'open', remaining_quantity: 2 });
    expect(await tonnesOf(t.deps, trader.id, project.id)).toEqual({ active: 2, escrowed: 2 });
    await cancelOrder(t.app, trader, ownId);
    await assertLedgerInvariants(t.deps.db);
  });

  it('lets a FOK order count the tonnes behind the owner\'s order, which cancel_newest cannot reach', async () => {
    const { trader, ownId, otherId } = await offers('80.00', '80.50');
    const newest = await placeOrder(t.app, trader, { projectId: project.id, orderType: 'buy', quantity: 2, pricePerCredit: '81.00', timeInForce: 'FOK' });
    expect(newest.json()).toMatchObject({ matched: false, order: { status: 'cancelled', filledQuantity: 0 } });
    const skipping = await placeOrder(t.app, trader, { projectId: project.id, orderType: 'buy', quantity: 2, pricePerCredit: '81.00', timeInForce: 'FOK', selfTradePrevention: 'skip' });
    expect(skipping.json().order).toMatchObject({ status: 'filled', filledQuantity: 2 });
    expect((await statusOf(otherId)).status).toBe('filled');
    expect((await statusOf(ownId)).status).toBe('open');
    await cancelOrder(t.app, trader, ownId);
    await assertLedgerInvariants(t.deps.db);
  });
});

// The same modes on POST /api/trading/market-order, on the book alone and routed across book and pool.
describe('market orders', () => {
  const venuesOf = (trades: Array<{ venue: string; pricePerCredit: string; quantity: number }>) => trades.map((trade) => `${trade.quantity}@${trade.pricePerCredit}:${trade.venue}`);
  const quote = (trader: Trader, market: Project, mode?: string) => send(t.app, 'GET',
    `/api/trading/market-order/quote?projectId=${market.id}&orderType=buy&quantity=2${mode ? `&selfTradePrevention=${mode}` : ''}`, trader.cookie);

  it('on the book alone: stops at the owner\'s offer by default, passes over it with skip, cancels it with cancel_oldest', async () => {
    const stopped = await offers('90.00', '90.50');
    expect((await quote(stopped.trader, project)).json()).toMatchObject({ quantity: 0, ownOrder: { id: stopped.ownId } });
    const none = await marketOrder(t.app, stopped.trader, { projectId: project.id, orderType: 'buy', quantity: 2 });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect((await statusOf(stopped.ownId)).status).toBe('open');
    await cancelOrder(t.app, stopped.trader, stopped.ownId);
    await cancelOrder(t.app, stopped.otherSeller, stopped.otherId);

    const skipping = await offers('91.00', '91.50');
    expect((await quote(skipping.trader, project, 'skip')).json()).toMatchObject({ quantity: 2, total: '183.00', ownOrder: null });
    const skipped = await marketOrder(t.app, skipping.trader, { projectId: project.id, orderType: 'buy', quantity: 2, selfTradePrevention: 'skip' });
    expect(venuesOf(skipped.json())).toEqual(['2@91.50:book']);
    expect(await statusOf(skipping.ownId)).toEqual({ status: 'open', remaining_quantity: 2 });
    await cancelOrder(t.app, skipping.trader, skipping.ownId);

    const cancelling = await offers('92.00', '92.50');
    const cancelled = await marketOrder(t.app, cancelling.trader, { projectId: project.id, orderType: 'buy', quantity: 2, selfTradePrevention: 'cancel_oldest' });
    expect(venuesOf(cancelled.json())).toEqual(['2@92.50:book']);
    expect(await statusOf(cancelling.ownId)).toEqual({ status: 'cancelled', remaining_quantity: 2 });
    expect(await tonnesOf(t.deps, cancelling.trader.id, project.id)).toEqual({ active: 4 });
    await assertLedgerInvariants(t.deps.db);
  });

  it('routed across book and pool: the pool fills what the owner\'s offer stops, or the others\' offers behind it fill first', async () => {
    const market = await findProject(t.app, 'Atacama Desert Solar Park');
    const provider = await newTrader(t.app, market, 100, 'Provider');
    await createPool(t.app, provider.cookie, { projectId: market.id, creditReserve: 100, tokenReserve: '1200' });

    const stopped = await offers('10.00', '10.50', market);
    const routed = await marketOrder(t.app, stopped.trader, { projectId: market.id, orderType: 'buy', quantity: 2 });
    expect(routed.json().map((trade: { venue: string }) => trade.venue)).toEqual(['pool']);
    expect((await statusOf(stopped.ownId)).status).toBe('open');
    expect((await statusOf(stopped.otherId)).status).toBe('open');
    await cancelOrder(t.app, stopped.trader, stopped.ownId);

    const skipping = await newTrader(t.app, market, 2, 'Self');
    const ownId = (await placeOrder(t.app, skipping, { projectId: market.id, orderType: 'sell', quantity: 2, pricePerCredit: '10.00' })).json().order.id;
    const skipped = await marketOrder(t.app, skipping, { projectId: market.id, orderType: 'buy', quantity: 3, selfTradePrevention: 'skip' });
    expect(venuesOf(skipped.json()).slice(0, 1)).toEqual(['2@10.50:book']);
    expect(skipped.json().map((trade: { venue: string }) => trade.venue)).toEqual(['book', 'pool']);
    expect((await statusOf(stopped.otherId)).status).toBe('filled');
    expect(await statusOf(ownId)).toEqual({ status: 'open', remaining_quantity: 2 });

    // The book part of a routed order walks the book from its best offer: cancel_oldest cancels the owner's offer there.
    const otherSeller = await newTrader(t.app, market, 2, 'Other');
    await placeOrder(t.app, otherSeller, { projectId: market.id, orderType: 'sell', quantity: 2, pricePerCredit: '10.50' });
    const cancelled = await marketOrder(t.app, skipping, { projectId: market.id, orderType: 'buy', quantity: 3, selfTradePrevention: 'cancel_oldest' });
    expect(venuesOf(cancelled.json()).slice(0, 1)).toEqual(['2@10.50:book']);
    expect(cancelled.json().map((trade: { venue: string }) => trade.venue)).toEqual(['book', 'pool']);
    expect(await statusOf(ownId)).toEqual({ status: 'cancelled', remaining_quantity: 2 });
    await assertLedgerInvariants(t.deps.db);
  });

  it('refuses an unknown mode with a 400 that names the field, and trades nothing', async () => {
    const trader = await newTrader(t.app, project, 0, 'Mode');
    const response = await marketOrder(t.app, trader, { projectId: project.id, orderType: 'buy', quantity: 1, selfTradePrevention: 'decrement' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/selfTradePrevention must be/);
    expect(await tonnesOf(t.deps, trader.id, project.id)).toEqual({});
  });
});
