import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import { assertLedgerInvariants } from '@tests/support/ledger-invariants';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { cancelOrder, cashOf, newTrader, placeOrder, send, tonnesOf, type Trader } from './trading-kit';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

let t: TestApp;
let project: Project;
beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  project = await findProject(t.app, 'Amazon Rainforest Conservation');
});
afterAll(async () => { await t?.close(); });

describe('a limit sell that rests, then a limit buy that crosses it', () => {
  let seller: Trader;
  let buyer: Trader;
  let sellerCashBefore: bigint;
  let buyerCashBefore: bigint;
  let sellOrderId: number;

  beforeAll(async () => {
    seller = await newTrader(t.app, project, 10, 'Seller');
    buyer = await newTrader(t.app, project, 0, 'Buyer');
    sellerCashBefore = await cashOf(t.deps, seller.id);
    buyerCashBefore = await cashOf(t.deps, buyer.id);
  });

  it('rests the sell order and escrows its tonnes', async () => {
    const response = await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 6, pricePerCredit: '20.00', totalValue: 120, remainingQuantity: 6 });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      matched: false,
      trades: [],
      order: { projectId: project.id, orderType: 'sell', quantity: 6, pricePerCredit: '20.00', totalValue: '120.00', remainingQuantity: 6, filledQuantity: 0, status: 'open' },
    });
    sellOrderId = body.order.id;
    expect(await tonnesOf(t.deps, seller.id, project.id)).toEqual({ active: 4, escrowed: 6 });
    await assertLedgerInvariants(t.deps.db);
  });

  it('shows the order in the book', async () => {
    const book = (await send(t.app, 'GET', `/api/trading/orderbook/${project.id}`)).json();
    expect(book).toEqual({ buyOrders: [], sellOrders: [{ pricePerCredit: '20.00', remainingQuantity: 6, total: '120.00', orderCount: 1 }] });
  });

  it('fills a crossing buy at the resting price and refunds the difference', async () => {
    const response = await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 4, pricePerCredit: 21.5 });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.matched).toBe(true);
    expect(body.order).toMatchObject({ status: 'filled', filledQuantity: 4, remainingQuantity: 0, pricePerCredit: '21.50' });
    expect(body.trades).toHaveLength(1);
    expect(body.trades[0]).toMatchObject({ pricePerCredit: '20.00', quantity: 4, totalValue: '80.00', sellOrderId, buyOrderId: body.order.id });
    expect(await cashOf(t.deps, buyer.id)).toBe(buyerCashBefore - 8000n);
    expect(await cashOf(t.deps, seller.id)).toBe(sellerCashBefore + 8000n);
    expect(await tonnesOf(t.deps, buyer.id, project.id)).toEqual({ active: 4 });
    expect(await tonnesOf(t.deps, seller.id, project.id)).toEqual({ active: 4, escrowed: 2 });
    await assertLedgerInvariants(t.deps.db);
  });

  it('gives the buyer a holding bought at the trade price with the lowest escrowed serials', async () => {
    const credits = (await send(t.app, 'GET', '/api/credits/my', buyer.cookie)).json();
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ quantity: 4, purchasePrice: '20.00', status: 'active', projectId: project.id });
    const sellerCredits = (await send(t.app, 'GET', '/api/credits/my', seller.cookie)).json() as { serialStart: number; status: string }[];
    const escrowed = sellerCredits.find((credit) => credit.status === 'escrowed')!;
    expect(credits[0].serialEnd + 1).toBe(escrowed.serialStart);
  });

  it('lists the orders as partially filled and filled', async () => {
    const mine = (await send(t.app, 'GET', '/api/trading/orders/my', seller.cookie)).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: sellOrderId, status: 'partially_filled', filledQuantity: 4, remainingQuantity: 2 });
    const byId = await send(t.app, 'GET', `/api/trading/orders/user/${seller.id}`, seller.cookie);
    expect(byId.json()).toEqual(mine);
  });

  it('records two transactions and one trade', async () => {
    const buyerTx = (await send(t.app, 'GET', '/api/transactions/my', buyer.cookie)).json();
    expect(buyerTx[0]).toMatchObject({ type: 'trade_buy', quantity: 4, totalAmount: '80.00', feeAmount: '0.00' });
    const sellerTx = (await send(t.app, 'GET', '/api/transactions/my', seller.cookie)).json();
    expect(sellerTx[0]).toMatchObject({ type: 'trade_sell', quantity: 4, totalAmount: '80.00' });
    const trades = (await send(t.app, 'GET', `/api/trading/trades/${project.id}`)).json();
    expect(trades).toHaveLength(1);
  });

  it('cancels the rest and returns the escrowed tonnes', async () => {
    const response = await cancelOrder(t.app, seller, sellOrderId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: sellOrderId, status: 'cancelled', filledQuantity: 4, remainingQuantity: 2 });
    expect(await tonnesOf(t.deps, seller.id, project.id)).toEqual({ active: 6 });
    await assertLedgerInvariants(t.deps.db);
  });
});
