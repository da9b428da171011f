import { describe, expect, it } from 'vitest';
import { quoteBuyCredits, quoteSellCredits } from '@/domain/amm/quote-swap';
import { SwapBatchLedger, type BatchLot } from '@/domain/amm/swap-batch-ledger';

const NOW = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;
const pool = { creditReserve: 100n, cashReserveCents: 200_000n, totalLpUnits: 4_472n };
const lot = (fields: Partial<BatchLot> & Pick<BatchLot, 'id' | 'quantity' | 'serialStart'>): BatchLot => ({
  serialEnd: fields.serialStart + fields.quantity - 1, purchaseDateMs: NOW - 10 * DAY, userId: null, status: 'pooled', poolId: 1,
  purchasePriceCents: 2000n, origin: 'split', parentHoldingId: null, ...fields,
});
const pooledLots = [lot({ id: 1, quantity: 60, serialStart: 1 }), lot({ id: 2, quantity: 40, serialStart: 61, purchaseDateMs: NOW - 5 * DAY })];
const sellerLot = lot({ id: 3, quantity: 10, serialStart: 101, userId: 7, status: 'active', poolId: null, origin: 'purchase', purchaseDateMs: NOW - 20 * DAY });

function ledger() {
  return new SwapBatchLedger(1, pool, [{ id: 7, cashCents: 10_000n }, { id: 8, cashCents: 1_000_000n }], [...pooledLots, sellerLot], NOW);
}

describe('SwapBatchLedger', () => {
  it('runs swaps in order, each on the pool the previous ones left', () => {
    const batch = ledger();
    const outcomes = batch.run([
      { userId: 8, side: 'buy', quantity: 5, limitCents: null },
      { userId: 7, side: 'sell', quantity: 4, limitCents: 0n },
    ]);
    const first = quoteBuyCredits(pool, 5n);
    const second = quoteSellCredits(first.poolAfter, 4n);
    expect(outcomes.map((outcome) => outcome.ok && outcome.fill.quote.cashCents)).toEqual([first.cashCents, second.cashCents]);
    expect(batch.state).toEqual(second.poolAfter);
    expect(batch.cash.get(8)).toBe(1_000_000n - first.cashCents);
    expect(batch.cash.get(7)).toBe(10_000n + second.cashCents);
  });

  it('refuses a swap without changing anything, and runs the next one', () => {
    const batch = ledger();
    const outcomes = batch.run([
      { userId: 7, side: 'buy', quantity: 50, limitCents: null }, // costs far more than the 100.00 the user has
      { userId: 8, side: 'buy', quantity: 1, limitCents: 1n }, // breaches its bound
      { userId: 7, side: 'sell', quantity: 11, limitCents: null }, // holds only 10 t
      { userId: 8, side: 'buy', quantity: 1, limitCents: null },
    ]);
    expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.error.constructor.name))).toEqual([
      'RefusedError', 'ConflictError', 'InsufficientCreditsError', 'ok',
    ]);
    expect(batch.state).toEqual(quoteBuyCredits(pool, 1n).poolAfter);
    expect(batch.fills).toHaveLength(1);
  });

  it('moves the oldest lots: a sold lot that is older than the pool’s lots is the next one bought', () => {
    const batch = ledger();
    batch.run([
      { userId: 7, side: 'sell', quantity: 10, limitCents: null },
      { userId: 8, side: 'buy', quantity: 12, limitCents: null },
    ]);
    const lots = [...batch.lots.values()].sort((a, b) => a.serialStart - b.serialStart);
    // The seller's whole lot went into the pool in place, then the buyer took it whole plus 2 t split off lot 1.
    expect(lots.map(({ id, userId, status, quantity, serialStart, origin, parentHoldingId }) => ({ id, userId, status, quantity, serialStart, origin, parentHoldingId }))).toEqual([
      { id: -1, userId: 8, status: 'active', quantity: 2, serialStart: 1, origin: 'swap', parentHoldingId: 1 },
      { id: 1, userId: null, status: 'pooled', quantity: 58, serialStart: 3, origin: 'split', parentHoldingId: null },
      { id: 2, userId: null, status: 'pooled', quantity: 40, serialStart: 61, origin: 'split', parentHoldingId: null },
      { id: 3, userId: 8, status: 'active', quantity: 10, serialStart: 101, origin: 'swap', parentHoldingId: null },
    ]);
  });
});
