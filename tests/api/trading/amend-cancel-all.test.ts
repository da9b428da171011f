import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { cancelOrder, cashOf, ledgerFingerprint, newTrader, placeOrder, queryRows, send, tonnesOf, type Trader } from './trading-kit';

// Issue 31 item 1: amend (PATCH /api/trading/orders/:id) and cancel-all (POST /api/trading/orders/cancel-all).

let t: TestApp;
let project: Project;
let other: Project;
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  project = await findProject(t.app, 'Amazon Rainforest Conservation');
  const projects = (await send(t.app, 'GET', '/api/projects')).json() as Project[];
  other = projects.find((candidate) => candidate.id !== project.id)!;
});
afterAll(async () => { await t?.close(); });

const amend = (trader: Trader, id: number, body: unknown) => send(t.app, 'PATCH', `/api/trading/orders/${id}`, trader.cookie, body);
const sell = async (trader: Trader, quantity: number, price: string, on = project) =>
  (await placeOrder(t.app, trader, { projectId: on.id, orderType: 'sell', quantity, pricePerCredit: price })).json().order.id as number;
const buy = async (trader: Trader, quantity: number, price: string, on = project) =>
  (await placeOrder(t.app, trader, { projectId: on.id, orderType: 'buy', quantity, pricePerCredit: price })).json().order.id as number;

describe('amending a resting sell', () => {
  let first: Trader;
  let second: Trader;
  let buyer: Trader;
  let firstId: number;
  let secondId: number;

  beforeAll(async () => {
    [first, second, buyer] = [await newTrader(t.app, project, 10, 'First'), await newTrader(t.app, project, 10, 'Second'), await newTrader(t.app, project, 0, 'Buyer')];
    firstId = await sell(first, 5, '40.00');
    secondId = await sell(second, 5, '40.00');
  });

  it('down in quantity keeps its place and releases the tonnes at once', async () => {
    const response = await amend(first, firstId, { quantity: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: firstId, quantity: 3, remainingQuantity: 3, pricePerCredit: '40.00', status: 'open' });
    expect(await tonnesOf(t.deps, first.id, project.id)).toEqual({ active: 7, escrowed: 3 });
    const fill = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '40.00' });
    expect(fill.json().trades[0].sellOrderId).toBe(firstId);
    await assertLedgerInvariants(t.deps.db);
  });

  it('up in quantity loses its place and escrows the extra tonnes', async () => {
    const response = await amend(first, firstId, { quantity: 6 });
    expect(response.json()).toMatchObject({ quantity: 6, filledQuantity: 1, remainingQuantity: 5 });
    expect(await tonnesOf(t.deps, first.id, project.id)).toEqual({ active: 4, escrowed: 5 });
    const fill = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '40.00' });
    expect(fill.json().trades[0].sellOrderId).toBe(secondId);
    await assertLedgerInvariants(t.deps.db);
  });

  it('to a quantity not above what has filled is a 422 and changes nothing', async () => {
    const before = await ledgerFingerprint(t.deps);
    const response = await amend(first, firstId, { quantity: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(`Order ${firstId} has 1 tonnes filled already: its quantity must stay above that`);
    expect(await ledgerFingerprint(t.deps)).toBe(before);
  });

  it('to a price that would trade is a 422 and changes nothing', async () => {
    const bidId = await buy(buyer, 1, '35.00');
    const before = await ledgerFingerprint(t.deps);
    const response = await amend(first, firstId, { pricePerCredit: '35.00' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(`At $35.00 order ${firstId} would trade at once: an amend never trades; cancel it and place a new order instead`);
    expect(await ledgerFingerprint(t.deps)).toBe(before);
    await cancelOrder(t.app, buyer, bidId);
  });

  it('to a better price goes to the back at the new price', async () => {
    const response = await amend(second, secondId, { pricePerCredit: '39.00' });
    expect(response.json()).toMatchObject({ pricePerCredit: '39.00', remainingQuantity: 4 });
    const fill = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '40.00' });
    expect(fill.json().trades[0]).toMatchObject({ sellOrderId: secondId, pricePerCredit: '39.00' });
  });

  it('of a cancelled order is a 409 and of someone else\'s a 404', async () => {
    await cancelOrder(t.app, first, firstId);
    const before = await ledgerFingerprint(t.deps);
    const cancelled = await amend(first, firstId, { quantity: 2 });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(`Order ${firstId} is already cancelled and cannot be amended`);
    const foreign = await amend(buyer, secondId, { quantity: 2 });
    expect(foreign.statusCode).toBe(404);
    expect(await ledgerFingerprint(t.deps)).toBe(before);
    await cancelOrder(t.app, second, secondId);
  });
});

describe('amending a resting buy', () => {
  it('moves the lock to price × remaining, both ways, and refuses a lock the cash cannot cover', async () => {
    const buyer = await newTrader(t.app, project, 0, 'Buyer');
    const cash = await cashOf(t.deps, buyer.id);
    const id = await buy(buyer, 4, '2.00');
    expect(await cashOf(t.deps, buyer.id)).toBe(cash - 800n);
    expect((await amend(buyer, id, { quantity: 2, pricePerCredit: '3.00' })).json()).toMatchObject({ quantity: 2, pricePerCredit: '3.00' });
    expect(await cashOf(t.deps, buyer.id)).toBe(cash - 600n);
    const [row] = await queryRows<{ locked: string }>(t.deps, sql`select locked_cents::text as locked from orders where id = ${id}`);
    expect(row.locked).toBe('600');
    const before = await ledgerFingerprint(t.deps);
    const tooMuch = await amend(buyer, id, { quantity: 1_000_000 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toMatch(/^Insufficient funds: the amended order locks \$/);
    expect(await ledgerFingerprint(t.deps)).toBe(before);
    await cancelOrder(t.app, buyer, id);
    expect(await cashOf(t.deps, buyer.id)).toBe(cash);
    await assertLedgerInvariants(t.deps.db);
  });

  it('of a filled order is a 409', async () => {
    const seller = await newTrader(t.app, project, 1, 'Seller');
    const buyer = await newTrader(t.app, project, 0, 'Buyer');
    const id = await buy(buyer, 1, '1.50');
    await sell(seller, 1, '1.50');
    const response = await amend(buyer, id, { quantity: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`Order ${id} is already filled and cannot be amended`);
  });
});

describe('bad amends', () => {
  it.each([
    [{}, 'Give quantity, pricePerCredit or both'],
    [{ quantity: 0 }, 'quantity must be at least 1'],
    [{ pricePerCredit: '1.001' }, 'price must be a positive amount with at most 2 decimals'],
    [{ quantity: 1, side: 'buy' }, 'Unrecognized key'],
  ])('%j is a 400 with a message', async (body, message) => {
    const trader = await newTrader(t.app, project, 1, 'Bad');
    const id = await sell(trader, 1, '99.00');
    const before = await ledgerFingerprint(t.deps);
    const response = await amend(trader, id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await ledgerFingerprint(t.deps)).toBe(before);
    await cancelOrder(t.app, trader, id);
  });
});

describe('cancel-all', () => {
  it('cancels the caller\'s live orders of one project, then of all, and returns their locks and escrow', async () => {
    const trader = await newTrader(t.app, project, 3, 'Many');
    const stranger = await newTrader(t.app, project, 1, 'Stranger');
    const cash = await cashOf(t.deps, trader.id);
    const ids = [await sell(trader, 3, '70.00'), await buy(trader, 2, '1.10'), await buy(trader, 1, '1.20', other)];
    const strangerId = await sell(stranger, 1, '71.00');
    const one = await send(t.app, 'POST', `/api/trading/orders/cancel-all?projectId=${project.id}`, trader.cookie);
    expect(one.statusCode).toBe(200);
    expect(one.json().cancelled.map((order: { id: number; status: string }) => [order.id, order.status])).toEqual([[ids[0], 'cancelled'], [ids[1], 'cancelled']]);
    expect(await tonnesOf(t.deps, trader.id, project.id)).toEqual({ active: 3 });
    const all = await send(t.app, 'POST', '/api/trading/orders/cancel-all', trader.cookie);
    expect(all.json().cancelled.map((order: { id: number }) => order.id)).toEqual([ids[2]]);
    expect(await cashOf(t.deps, trader.id)).toBe(cash);
    expect((await send(t.app, 'POST', '/api/trading/orders/cancel-all', trader.cookie)).json()).toEqual({ cancelled: [] });
    const [row] = await queryRows<{ status: string }>(t.deps, sql`select status from orders where id = ${strangerId}`);
    expect(row.status).toBe('open');
    await assertLedgerInvariants(t.deps.db);
  });

  it('with a bad projectId is a 400, and signed out a 401', async () => {
    const trader = await newTrader(t.app, project, 0, 'Bad');
    const bad = await send(t.app, 'POST', '/api/trading/orders/cancel-all?projectId=abc', trader.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('projectId must be a whole number written in digits');
    expect((await send(t.app, 'POST', '/api/trading/orders/cancel-all')).statusCode).toBe(401);
  });
});
