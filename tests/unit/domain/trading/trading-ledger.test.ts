import { describe, expect, it } from 'vitest';
import type { LedgerLot, LedgerOrder } from '@/domain/trading/ledger-rows';
import { TradingLedger } from '@/domain/trading/trading-ledger';
import { BookCache } from '@/domain/trading/book-cache';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const lot = (id: number, userId: number, serialStart: number, quantity: number, purchaseDateMs: number): LedgerLot => ({
  id, userId, quantity, serialStart, serialEnd: serialStart + quantity - 1, purchasePriceCents: 1000n, purchaseDateMs,
  status: 'active', orderId: null, origin: 'purchase', parentHoldingId: null,
});
const sellOrder = (id: number, userId: number, quantity: number): LedgerOrder => ({
  id, userId, side: 'sell', priceCents: 1500n, quantity, filledQuantity: 0, remainingQuantity: quantity, lockedCents: 0n,
  status: 'open', sequence: id, createdAtMs: NOW, isNew: true, isMarket: false,
});

function ledgerWithLots() {
  // Seller 1 holds lot 10 (bought second, serials 1–5) and lot 11 (bought first, serials 21–28).
  return new TradingLedger({ users: [{ id: 1, cashCents: 0n }, { id: 2, cashCents: 10_000n }], lots: [lot(10, 1, 1, 5, 2000), lot(11, 1, 21, 8, 1000)] }, new BookCache(), NOW);
}

describe('TradingLedger', () => {
  it('escrows the oldest lot first and splits off the lowest serials of the last one', () => {
    const ledger = ledgerWithLots();
    const order = sellOrder(100, 1, 10);
    ledger.addOrder(order);
    ledger.escrow(order, 10);
    const { newLots, updatedLots } = ledger.changes();
    expect(updatedLots.map((row) => [row.id, row.status, row.orderId, row.serialStart, row.serialEnd])).toEqual([
      [11, 'escrowed', 100, 21, 28],
      [10, 'active', null, 3, 5],
    ]);
    expect(newLots).toEqual([expect.objectContaining({ id: -1, userId: 1, status: 'escrowed', orderId: 100, serialStart: 1, serialEnd: 2, quantity: 2, origin: 'split', parentHoldingId: 10, purchaseDateMs: 2000 })]);
    expect(ledger.activeTonnes(1)).toBe(3);
    expect(ledger.escrowedTonnes(100)).toBe(10);
  });

  it('delivers the lowest escrowed serials: a whole lot changes hands, a partial one is split for the buyer', () => {
    const ledger = ledgerWithLots();
    const order = sellOrder(100, 1, 13);
    ledger.addOrder(order);
    ledger.escrow(order, 13);
    const buyerLots = ledger.deliver(100, 2, 6, 1500n);
    const { newLots, updatedLots } = ledger.changes();
    // Escrowed: lot 11 (21–28) and lot 10 (1–5). Lowest serials first: all of lot 10, then 21 from lot 11.
    expect(buyerLots).toEqual([10, -1]);
    expect(updatedLots.find((row) => row.id === 10)).toMatchObject({ userId: 2, status: 'active', orderId: null, origin: 'trade', purchasePriceCents: 1500n, purchaseDateMs: NOW, serialStart: 1, serialEnd: 5 });
    expect(newLots).toEqual([expect.objectContaining({ id: -1, userId: 2, status: 'active', serialStart: 21, serialEnd: 21, origin: 'trade', parentHoldingId: 11, purchasePriceCents: 1500n })]);
    expect(updatedLots.find((row) => row.id === 11)).toMatchObject({ userId: 1, status: 'escrowed', serialStart: 22, serialEnd: 28, quantity: 7 });
    expect(ledger.escrowedTonnes(100)).toBe(7);
    expect(ledger.activeTonnes(2)).toBe(6);
  });

  it('releases an order\'s escrow back to active', () => {
    const ledger = ledgerWithLots();
    const order = sellOrder(100, 1, 4);
    ledger.addOrder(order);
    ledger.escrow(order, 4);
    ledger.release(100);
    expect(ledger.escrowedTonnes(100)).toBe(0);
    expect(ledger.activeTonnes(1)).toBe(13);
  });

  it('moves cash, refusing to go below zero', () => {
    const ledger = ledgerWithLots();
    ledger.moveCash(2, -10_000n);
    expect(ledger.cashOf(2)).toBe(0n);
    expect(() => ledger.moveCash(2, -1n)).toThrow(/would become -1/);
    expect(() => ledger.cashOf(3)).toThrow(/not loaded/);
    expect(ledger.changes().cashDeltas).toEqual([{ userId: 2, deltaCents: -10_000n }]);
  });
});
