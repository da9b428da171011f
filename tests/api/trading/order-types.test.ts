import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { cancelOrder, cashOf, ledgerFingerprint, newTrader, placeOrder, queryRows, tonnesOf, type Trader } from './trading-kit';

// Issue 31 item 1: time in force (GTC, IOC, FOK) and post-only on POST /api/trading/orders. Each scenario trades in a
// price band of its own and cancels what it left resting, so that the scenarios do not reach each other's orders.

let t: TestApp;
let project: Project;
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  project = await findProject(t.app, 'Amazon Rainforest Conservation');
});
afterAll(async () => { await t?.close(); });

async function storedOrder(id: number) {
  const [row] = await queryRows<{ time_in_force: string; post_only: boolean; status: string; filled_quantity: number; remaining_quantity: number; locked_cents: string }>(
    t.deps, sql`select time_in_force, post_only, status, filled_quantity, remaining_quantity, locked_cents::text from orders where id = ${id}`);
  return row;
}

describe('an order without a time in force', () => {
  it('is GTC and not post-only, and says so', async () => {
    const seller = await newTrader(t.app, project, 2, 'Seller');
    const response = await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: '90.00' });
    expect(response.statusCode).toBe(201);
    expect(response.json().order).toMatchObject({ status: 'open', timeInForce: 'GTC', postOnly: false });
    expect(await storedOrder(response.json().order.id)).toMatchObject({ time_in_force: 'GTC', post_only: false });
    expect((await cancelOrder(t.app, seller, response.json().order.id)).json()).toMatchObject({ status: 'cancelled', timeInForce: 'GTC' });
  });
});

describe('an IOC buy that crosses part of the book', () => {
  let seller: Trader;
  let buyer: Trader;
  let buyerCashBefore: bigint;
  let response: Awaited<ReturnType<typeof placeOrder>>;

  beforeAll(async () => {
    seller = await newTrader(t.app, project, 3, 'Seller');
    buyer = await newTrader(t.app, project, 0, 'Buyer');
    expect((await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 3, pricePerCredit: '10.00' })).statusCode).toBe(201);
    buyerCashBefore = await cashOf(t.deps, buyer.id);
    response = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 5, pricePerCredit: '11.00', timeInForce: 'IOC' });
  });

  it('fills what it reaches at the resting price and cancels the rest', () => {
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.matched).toBe(true);
    expect(body.order).toMatchObject({ timeInForce: 'IOC', status: 'cancelled', filledQuantity: 3, remainingQuantity: 2 });
    expect(body.trades.map((trade: { quantity: number; pricePerCredit: string }) => [trade.quantity, trade.pricePerCredit])).toEqual([[3, '10.00']]);
  });

  it('releases the lock of the remainder at once: the buyer paid only for the fills', async () => {
    expect(await cashOf(t.deps, buyer.id)).toBe(buyerCashBefore - 3000n);
    expect(await storedOrder(response.json().order.id)).toMatchObject({ locked_cents: '0', status: 'cancelled', time_in_force: 'IOC' });
    expect(await tonnesOf(t.deps, buyer.id, project.id)).toEqual({ active: 3 });
  });

  it('rests nothing', async () => {
    const live = await queryRows(t.deps, sql`select id from orders where project_id = ${project.id} and status in ('open', 'partially_filled')`);
    expect(live).toEqual([]);
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('an IOC sell that finds nothing to trade with', () => {
  it('is stored cancelled, with its tonnes never escrowed', async () => {
    const seller = await newTrader(t.app, project, 4, 'Seller');
    const response = await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 4, pricePerCredit: '500.00', timeInForce: 'IOC' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ matched: false, trades: [], order: { status: 'cancelled', filledQuantity: 0, remainingQuantity: 4, timeInForce: 'IOC' } });
    expect(await tonnesOf(t.deps, seller.id, project.id)).toEqual({ active: 4 });
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('a FOK order', () => {
  let sellers: Trader[];
  let buyer: Trader;

  beforeAll(async () => {
    sellers = [await newTrader(t.app, project, 2, 'SellerA'), await newTrader(t.app, project, 2, 'SellerB')];
    buyer = await newTrader(t.app, project, 0, 'Buyer');
    for (const [index, seller] of sellers.entries()) {
      expect((await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: `${20 + index}.00` })).statusCode).toBe(201);
    }
  });

  it('that cannot fill whole trades nothing, is stored cancelled and changes no balance or lot', async () => {
    const before = await ledgerFingerprint(t.deps);
    const response = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 5, pricePerCredit: '21.00', timeInForce: 'FOK' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ matched: false, trades: [], order: { status: 'cancelled', filledQuantity: 0, remainingQuantity: 5, timeInForce: 'FOK' } });
    const after = await ledgerFingerprint(t.deps);
    // Only the order row is new: the same balances, lots and trades.
    expect(after.split('\n')[0]).toBe(before.split('\n')[0]);
    expect(after.split('\n')[1]).toBe(before.split('\n')[1]);
    expect(await storedOrder(response.json().order.id)).toMatchObject({ locked_cents: '0', status: 'cancelled' });
  });

  it('that its limit keeps from the second level trades nothing either', async () => {
    const response = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 3, pricePerCredit: '20.00', timeInForce: 'FOK' });
    expect(response.json().order).toMatchObject({ status: 'cancelled', filledQuantity: 0 });
  });

  it('that can fill whole fills across levels at once', async () => {
    const cashBefore = await cashOf(t.deps, buyer.id);
    const response = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 4, pricePerCredit: '21.00', timeInForce: 'FOK' });
    expect(response.statusCode).toBe(201);
    expect(response.json().order).toMatchObject({ status: 'filled', filledQuantity: 4, remainingQuantity: 0, timeInForce: 'FOK' });
    expect(await cashOf(t.deps, buyer.id)).toBe(cashBefore - 2n * 2000n - 2n * 2100n);
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('a FOK sell that fills', () => {
  it('escrows and delivers exactly its tonnes', async () => {
    const buyer = await newTrader(t.app, project, 0, 'Buyer');
    const seller = await newTrader(t.app, project, 5, 'Seller');
    const bid = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 3, pricePerCredit: '5.00' });
    const response = await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 3, pricePerCredit: '4.00', timeInForce: 'FOK' });
    expect(response.json().order).toMatchObject({ status: 'filled', filledQuantity: 3 });
    expect(await tonnesOf(t.deps, seller.id, project.id)).toEqual({ active: 2 });
    expect(await tonnesOf(t.deps, buyer.id, project.id)).toEqual({ active: 3 });
    expect(await storedOrder(bid.json().order.id)).toMatchObject({ status: 'filled', locked_cents: '0' });
    await assertLedgerInvariants(t.deps.db);
  });
});

describe('a post-only order', () => {
  let seller: Trader;
  let buyer: Trader;
  let askId: number;

  beforeAll(async () => {
    seller = await newTrader(t.app, project, 2, 'Seller');
    buyer = await newTrader(t.app, project, 0, 'Buyer');
    askId = (await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: '30.00' })).json().order.id;
  });
  afterAll(async () => { await cancelOrder(t.app, seller, askId); });

  it('that would take is refused with 422 and a message, and nothing changes', async () => {
    const before = await ledgerFingerprint(t.deps);
    const response = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '30.00', postOnly: true });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Post-only order refused: at $30.00 it would trade at once with the best offer of $30.00; nothing was placed');
    expect(await ledgerFingerprint(t.deps)).toBe(before);
  });

  it('that would not take rests like any order', async () => {
    const response = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '29.99', postOnly: true });
    expect(response.statusCode).toBe(201);
    expect(response.json().order).toMatchObject({ status: 'open', postOnly: true, timeInForce: 'GTC' });
    expect(await storedOrder(response.json().order.id)).toMatchObject({ post_only: true, locked_cents: '2999' });
    await cancelOrder(t.app, buyer, response.json().order.id);
  });
});

describe('bad order types', () => {
  it.each([
    [{ timeInForce: 'DAY' }, 'timeInForce must be "GTC", "GTD", "IOC" or "FOK"'],
    [{ timeInForce: 'ioc' }, 'timeInForce must be "GTC", "GTD", "IOC" or "FOK"'],
    [{ postOnly: 'yes' }, 'postOnly must be true or false'],
    [{ postOnly: true, timeInForce: 'IOC' }, 'postOnly needs timeInForce "GTC" or "GTD": a post-only order rests, an IOC or FOK order never does'],
    [{ postOnly: true, timeInForce: 'FOK' }, 'postOnly needs timeInForce "GTC" or "GTD": a post-only order rests, an IOC or FOK order never does'],
  ])('%j is a 400 with a message and changes nothing', async (fields, message) => {
    const trader = await newTrader(t.app, project, 0, 'Bad');
    const before = await ledgerFingerprint(t.deps);
    const response = await placeOrder(t.app, trader, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '1.00', ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await ledgerFingerprint(t.deps)).toBe(before);
  });
});
