import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { cancelOrder, newTrader, placeOrder, queryRows, tonnesOf, type Trader } from './trading-kit';

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
async function offers(own: string, other: string): Promise<{ trader: Trader; ownId: number; otherId: number; otherSeller: Trader }> {
  const trader = await newTrader(t.app, project, 2, 'Self');
  const otherSeller = await newTrader(t.app, project, 2, 'Other');
  const ownId = (await placeOrder(t.app, trader, { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: own })).json().order.id;
  const otherId = (await placeOrder(t.app, otherSeller, { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: other })).json().order.id;
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
