import fc from 'fast-check';
import type { CommandOutcome } from '@/domain/trading/run-trading-batch';
import type { TradingCommand } from '@/domain/trading/trading-command';
import { pendingStops, type Store } from './ledger-store';

/** Random commands of one project's book for the trading property tests, and what of their outcomes they compare. */

/** Order ids and arrival sequences for the placing commands, drawn from the store like the lock statement does. */
export function reserveIds(store: Store, commands: readonly TradingCommand[]): { id: number; sequence: number }[] {
  return commands.filter((command) => command.kind !== 'cancel').map(() => {
    const id = store.nextOrderId++;
    return { id, sequence: id };
  });
}

/**
 * The further sequences the lock statement draws for stops (one per stop placed and per stop waiting), after the
 * placing commands' ids: a stop that triggers takes the next of them.
 */
export function spareSequences(store: Store, commands: readonly TradingCommand[]): number[] {
  const stops = commands.filter((command) => command.kind === 'limit' && command.stopPriceCents != null).length + pendingStops(store).length;
  return Array.from({ length: stops }, () => store.nextOrderId++);
}

/**
 * Issue 31 stops around the prices the other commands trade at, so that some are refused (already reached), some
 * wait and some trigger: stop-limits, and stop market orders (a sell's stop price stands in for its price).
 */
export function stopCommandArbitrary(users: readonly number[]): fc.Arbitrary<TradingCommand> {
  return fc.record({
    userId: fc.constantFrom(...users), side: fc.constantFrom('buy' as const, 'sell' as const), priceCents: fc.bigInt({ min: 90n, max: 110n }),
    stopPriceCents: fc.bigInt({ min: 92n, max: 108n }), quantity: fc.integer({ min: 1, max: 4 }), stopMarket: fc.boolean(),
  }).chain((stop) => selfTradePreventionArbitrary.map((stp) => ({
    kind: 'limit' as const, ...stop, ...stp,
    priceCents: stop.stopMarket && stop.side === 'sell' ? stop.stopPriceCents : stop.priceCents,
  })));
}

/** What a client sees of an outcome: the refusal and its message, or the order and how many trades it made. */
export function observable(outcome: CommandOutcome) {
  if (!outcome.ok) return { refused: outcome.error.constructor.name, message: outcome.error.message };
  return { orderId: outcome.orderId, trades: outcome.tradeKeys.length };
}

/** Issue 31 self-trade prevention: mostly the default, sometimes cancel_oldest or skip (which reach past own orders). */
const selfTradePreventionArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constant({ selfTradePrevention: 'cancel_oldest' as const }) },
  { weight: 1, arbitrary: fc.constant({ selfTradePrevention: 'skip' as const }) },
);

/** Issue 31 order types: mostly GTC, sometimes IOC or FOK, sometimes post-only (GTC only); any self-trade prevention mode. */
export const orderTypeArbitrary = fc.tuple(fc.oneof(
  { weight: 4, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constant({ timeInForce: 'IOC' as const }) },
  { weight: 1, arbitrary: fc.constant({ timeInForce: 'FOK' as const }) },
  { weight: 1, arbitrary: fc.constant({ postOnly: true }) },
), selfTradePreventionArbitrary).map(([type, stp]) => ({ ...type, ...stp }));

/**
 * Amends of deepBook's orders (ids 1…30: odd ids buy, even ids sell, order n belongs to the ⌈n / 6⌉-th user), mostly
 * by their owner: the desk reads the side from the stored order, so the command's side is the order's.
 */
export function amendArbitrary(users: readonly number[]): fc.Arbitrary<TradingCommand> {
  return fc.integer({ min: 1, max: 30 }).chain((orderId) => fc.record({
    kind: fc.constant('amend' as const),
    userId: fc.oneof({ weight: 4, arbitrary: fc.constant(users[Math.min(Math.ceil(orderId / 6), users.length) - 1]) }, { weight: 1, arbitrary: fc.constantFrom(...users) }),
    orderId: fc.constant(orderId),
    side: fc.constant(orderId % 2 === 1 ? 'buy' as const : 'sell' as const),
    priceCents: fc.option(fc.bigInt({ min: 86n, max: 114n }), { nil: null }),
    quantity: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  }));
}

/** Limit orders of every type, market orders, cancels and amends of `users` (1, 2, 3…), bids mostly below asks so that books grow deep. */
export function tradingCommandArbitrary(users: readonly number[]): fc.Arbitrary<TradingCommand> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.record({ kind: fc.constant('limit' as const), userId: fc.constantFrom(...users), side: fc.constant('buy' as const), priceCents: fc.bigInt({ min: 88n, max: 104n }), quantity: fc.integer({ min: 1, max: 4 }) }), orderTypeArbitrary).map(([command, type]) => ({ ...command, ...type })) },
    { weight: 3, arbitrary: fc.tuple(fc.record({ kind: fc.constant('limit' as const), userId: fc.constantFrom(...users), side: fc.constant('sell' as const), priceCents: fc.bigInt({ min: 96n, max: 112n }), quantity: fc.integer({ min: 1, max: 4 }) }), orderTypeArbitrary).map(([command, type]) => ({ ...command, ...type })) },
    { weight: 2, arbitrary: fc.tuple(fc.record({ kind: fc.constant('market' as const), userId: fc.constantFrom(...users), side: fc.constantFrom('buy' as const, 'sell' as const), quantity: fc.integer({ min: 1, max: 10 }) }), selfTradePreventionArbitrary).map(([command, stp]) => ({ ...command, ...stp })) },
    // Mostly the owner's own order (deepBook's order n belongs to the ⌈n / 6⌉-th user), sometimes someone else's or none.
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 60 }).chain((orderId) => fc.record({
      kind: fc.constant('cancel' as const), userId: fc.oneof(fc.constant(users[Math.min(Math.ceil(orderId / 6), users.length) - 1]), fc.constantFrom(...users)), orderId: fc.constant(orderId),
    })) },
    { weight: 2, arbitrary: amendArbitrary(users) },
  );
}

/** Resting orders on both sides before the random commands (6 per user), so that sides are read in several chunks. */
export function deepBook(users: readonly number[]): TradingCommand[] {
  return users.flatMap((userId) => [0, 1, 2].flatMap((step) => [
    { kind: 'limit' as const, userId, side: 'buy' as const, priceCents: BigInt(84 + userId + step * 3), quantity: 1 + (step % 2) },
    { kind: 'limit' as const, userId, side: 'sell' as const, priceCents: BigInt(106 + userId + step * 3), quantity: 1 + (step % 2) },
  ]));
}
