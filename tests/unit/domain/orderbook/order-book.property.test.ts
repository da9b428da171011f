import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyTrades } from '@/domain/orderbook/match-result';
import { OrderBook } from '@/domain/orderbook/order-book';
import type { EntityId, OrderSide } from '@/domain/orderbook/order-status';
import { ReferenceBook } from './reference-book';

type Command =
  | { kind: 'limit'; ownerId: string; side: OrderSide; priceCents: number; quantityTonnes: number }
  | { kind: 'market'; ownerId: string; side: OrderSide; quantityTonnes: number }
  | { kind: 'cancel'; pick: number };

// Few owners and a narrow price band, so that crossing, partial fills, shared levels and self-trades are common.
const owner = fc.constantFrom('ann', 'bob', 'cy', 'dee');
const side = fc.constantFrom<OrderSide>('buy', 'sell');
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('limit' as const), ownerId: owner, side, priceCents: fc.integer({ min: 95, max: 105 }), quantityTonnes: fc.integer({ min: 1, max: 10 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('market' as const), ownerId: owner, side, quantityTonnes: fc.integer({ min: 1, max: 15 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);
const scenario = fc.record({ numericIds: fc.boolean(), commands: fc.array(command, { maxLength: 80, size: 'max' }) });

/** What the test knows about every order ever submitted, from the results alone. */
interface Ledger {
  side: OrderSide;
  quantityTonnes: number;
  filledTonnes: number;
  cancelledTonnes: number;
}

describe('OrderBook against a naive reference model', () => {
  it('produces the same trades, outcomes and book, and keeps the invariants, for any command sequence', () => {
    fc.assert(
      fc.property(scenario, ({ numericIds, commands }) => {
        const book = new OrderBook();
        const reference = new ReferenceBook();
        const ledger = new Map<EntityId, Ledger>();
        const ids: EntityId[] = [];
        let submittedTonnes = 0;

        commands.forEach((cmd, index) => {
          if (cmd.kind === 'cancel') {
            const id = ids.length === 0 ? 'unknown' : ids[cmd.pick % ids.length];
            const cancelledTonnes = book.cancel(id);
            expect(cancelledTonnes).toBe(reference.cancel(id));
            const entry = ledger.get(id);
            if (entry) entry.cancelledTonnes += cancelledTonnes;
            return;
          }
          const id = numericIds ? index : `order-${index}`;
          ids.push(id);
          submittedTonnes += cmd.quantityTonnes;
          const result =
            cmd.kind === 'limit'
              ? book.submitLimit({ id, ownerId: cmd.ownerId, side: cmd.side, priceCents: cmd.priceCents, quantityTonnes: cmd.quantityTonnes })
              : book.submitMarket({ id, ownerId: cmd.ownerId, side: cmd.side, quantityTonnes: cmd.quantityTonnes });
          const expected = reference.submit(id, cmd.ownerId, cmd.side, cmd.quantityTonnes, cmd.kind === 'limit' ? cmd.priceCents : null);

          const trades = copyTrades(result);
          expect(trades.map(({ makerId, takerId, priceCents, quantityTonnes, makerRemainingTonnes }) => ({ makerId, takerId, priceCents, quantityTonnes, makerRemainingTonnes }))).toEqual(expected.trades);
          expect([result.restingTonnes, result.cancelledTonnes]).toEqual([expected.restingTonnes, expected.cancelledTonnes]);
          expect(result.outcome === 'self_trade_cancelled').toBe(expected.selfTradeStopped);
          expect(result.filledTonnes + result.restingTonnes + result.cancelledTonnes).toBe(cmd.quantityTonnes);

          ledger.set(id, { side: cmd.side, quantityTonnes: cmd.quantityTonnes, filledTonnes: result.filledTonnes, cancelledTonnes: result.cancelledTonnes });
          for (const trade of trades) {
            expect(trade.takerOwnerId).not.toBe(trade.makerOwnerId);
            (ledger.get(trade.makerId) as Ledger).filledTonnes += trade.quantityTonnes;
          }
          checkBook(book, reference);
        });

        // Quantity is conserved: per order, filled + resting + cancelled = quantity; both sides of every trade
        // are counted once each, so Σ filled on buys = Σ filled on sells.
        let filledBuyTonnes = 0;
        let filledSellTonnes = 0;
        let accountedTonnes = 0;
        for (const [id, entry] of ledger) {
          const restingTonnes = book.getOrder(id)?.remainingTonnes ?? 0;
          expect(entry.filledTonnes + restingTonnes + entry.cancelledTonnes).toBe(entry.quantityTonnes);
          if (entry.side === 'buy') filledBuyTonnes += entry.filledTonnes;
          else filledSellTonnes += entry.filledTonnes;
          accountedTonnes += entry.filledTonnes + restingTonnes + entry.cancelledTonnes;
        }
        expect(filledBuyTonnes).toBe(filledSellTonnes);
        expect(accountedTonnes).toBe(submittedTonnes);
      }),
      { numRuns: 200 },
    );
  });
});

/** The engine's book equals the reference book in priority order, is not crossed, and its depth adds up. */
function checkBook(book: OrderBook, reference: ReferenceBook): void {
  for (const side of ['buy', 'sell'] as const) {
    const live = book.liveOrders(side);
    expect(live.map(({ id, ownerId, priceCents, remainingTonnes }) => ({ id, ownerId, priceCents, remainingTonnes }))).toEqual(
      reference.ordersOf(side).map(({ id, ownerId, priceCents, remainingTonnes }) => ({ id, ownerId, priceCents, remainingTonnes })),
    );
    for (const order of live) {
      expect(order.filledTonnes + order.remainingTonnes).toBe(order.quantityTonnes);
      expect(order.status).toBe(order.filledTonnes === 0 ? 'open' : 'partially_filled');
      expect(book.getOrder(order.id)).toEqual(order);
    }
    const depth = book.depth(1000)[side === 'buy' ? 'bids' : 'asks'];
    expect(depth.reduce((sum, level) => sum + level.quantityTonnes, 0)).toBe(live.reduce((sum, order) => sum + order.remainingTonnes, 0));
    expect(depth.reduce((sum, level) => sum + level.orderCount, 0)).toBe(live.length);
  }
  const bestBid = book.bestBid();
  const bestAsk = book.bestAsk();
  if (bestBid !== undefined && bestAsk !== undefined) expect(bestBid).toBeLessThan(bestAsk);
  expect(book.size).toBe(reference.live.length);
}
