import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runTradingBatch, type CommandOutcome, type TradingCommand } from '@/domain/trading/run-trading-batch';
import type { LedgerOrder } from '@/domain/trading/ledger-rows';
import { apply, newStore as newLedgerStore, type Store } from './ledger-store';
import { orderTypeArbitrary } from './trading-commands';

// The store loads EVERYTHING into each batch (a superset of what the SQL loader reads) and applies the batch's changes
// the way the write statement does.
const USERS = [1, 2, 3, 4];
const NOW = Date.parse('2026-11-22T12:00:00Z');
const newStore = () => newLedgerStore(USERS, 50_000n, [7, 5], NOW);

function runChunk(store: Store, commands: TradingCommand[]): CommandOutcome[] {
  const places = commands.filter((command) => command.kind !== 'cancel').length;
  const newOrderIds = Array.from({ length: places }, () => {
    const id = store.nextOrderId++;
    return { id, sequence: id };
  });
  const { outcomes, ledger } = runTradingBatch({
    nowMs: NOW,
    users: [...store.cash].map(([id, cashCents]) => ({ id, cashCents })),
    lots: [...store.lots.values()],
    orders: [...store.orders.values()],
    newOrderIds,
  }, commands);
  apply(store, ledger.changes());
  return outcomes;
}


const live = (order: LedgerOrder) => order.status === 'open' || order.status === 'partially_filled';

function checkInvariants(store: Store): void {
  const lots = [...store.lots.values()].sort((a, b) => a.serialStart - b.serialStart);
  expect(lots.reduce((sum, lot) => sum + lot.quantity, 0)).toBe(USERS.length * 12);
  lots.forEach((lot, index) => {
    expect(lot.serialEnd - lot.serialStart + 1).toBe(lot.quantity);
    expect(lot.quantity).toBeGreaterThan(0);
    if (index > 0) expect(lot.serialStart).toBe(lots[index - 1].serialEnd + 1);
  });
  let lockedCents = 0n;
  for (const order of store.orders.values()) {
    expect(order.filledQuantity + order.remainingQuantity).toBe(order.quantity);
    expect(order.status === 'filled').toBe(order.remainingQuantity === 0);
    const escrowed = lots.filter((lot) => lot.status === 'escrowed' && lot.orderId === order.id);
    if (order.side === 'sell' && live(order)) {
      expect(escrowed.reduce((sum, lot) => sum + lot.quantity, 0)).toBe(order.remainingQuantity);
      expect(escrowed.every((lot) => lot.userId === order.userId)).toBe(true);
    } else expect(escrowed).toEqual([]);
    expect(order.lockedCents).toBe(order.side === 'buy' && live(order) ? order.priceCents * BigInt(order.remainingQuantity) : 0n);
    lockedCents += order.lockedCents;
  }
  const cashCents = [...store.cash.values()].reduce((sum, cents) => sum + cents, 0n);
  expect(cashCents + lockedCents).toBe(BigInt(USERS.length) * 50_000n);
  const bids = [...store.orders.values()].filter((order) => live(order) && order.side === 'buy').map((order) => order.priceCents);
  const asks = [...store.orders.values()].filter((order) => live(order) && order.side === 'sell').map((order) => order.priceCents);
  if (bids.length && asks.length) expect(bids.reduce((a, b) => (a > b ? a : b)) < asks.reduce((a, b) => (a < b ? a : b))).toBe(true);
}

const commandArbitrary: fc.Arbitrary<TradingCommand> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.record({ kind: fc.constant('limit' as const), userId: fc.constantFrom(...USERS), side: fc.constantFrom('buy' as const, 'sell' as const), priceCents: fc.bigInt({ min: 95n, max: 105n }), quantity: fc.integer({ min: 1, max: 9 }) }), orderTypeArbitrary).map(([command, type]) => ({ ...command, ...type })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('market' as const), userId: fc.constantFrom(...USERS), side: fc.constantFrom('buy' as const, 'sell' as const), quantity: fc.integer({ min: 1, max: 12 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), userId: fc.constantFrom(...USERS), orderId: fc.integer({ min: 1, max: 30 }) }) },
);

/** What a client sees of an outcome: success with the trades, or the kind of refusal. */
function observable(outcome: CommandOutcome, store: Store) {
  if (!outcome.ok) return { refused: outcome.error.constructor.name, message: outcome.error.message };
  const order = outcome.orderId === null ? null : store.orders.get(outcome.orderId)!;
  return { orderId: outcome.orderId, trades: outcome.tradeKeys.length, status: order?.status ?? null };
}

describe('runTradingBatch', () => {
  it('gives the same results in one batch as one command at a time, and keeps every invariant', () => {
    fc.assert(fc.property(fc.array(commandArbitrary, { minLength: 1, maxLength: 40 }), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 40 }), (commands, chunkSizes) => {
      const alone = newStore();
      const aloneResults = commands.map((command) => observable(runChunk(alone, [command])[0], alone));

      const chunked = newStore();
      const chunkedResults: ReturnType<typeof observable>[] = [];
      for (let start = 0, chunk = 0; start < commands.length; chunk++) {
        const size = chunkSizes[chunk % chunkSizes.length];
        const slice = commands.slice(start, start + size);
        const outcomes = runChunk(chunked, slice);
        chunkedResults.push(...outcomes.map((outcome) => observable(outcome, chunked)));
        start += size;
      }
      // Statuses of orders are compared at the end (a later command may fill an earlier order).
      expect(chunkedResults.map(({ status: _status, ...rest }) => rest)).toEqual(aloneResults.map(({ status: _status, ...rest }) => rest));
      expect([...chunked.orders.values()].map((order) => [order.id, order.status, order.remainingQuantity]))
        .toEqual([...alone.orders.values()].map((order) => [order.id, order.status, order.remainingQuantity]));
      expect(chunked.cash).toEqual(alone.cash);
      checkInvariants(alone);
      checkInvariants(chunked);
    }), { numRuns: 300 });
  });
});
