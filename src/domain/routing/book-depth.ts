import type { BookLevel, OrderSide } from './fill-plan';

/**
 * Checks that levels are usable: positive prices and quantities, best first (asks ascending for a buy,
 * bids descending for a sell). Anything else is a bug in the caller, so it throws a plain Error.
 */
export function assertBookLevels(side: OrderSide, levels: readonly BookLevel[]): void {
  levels.forEach((level, index) => {
    if (level.priceCents <= 0n || level.quantity <= 0n) {
      throw new Error(`Book level ${index} must have a positive price and quantity`);
    }
    const previous = levels[index - 1];
    if (!previous) return;
    const worseFirst = side === 'buy' ? level.priceCents < previous.priceCents : level.priceCents > previous.priceCents;
    if (worseFirst) throw new Error(`Book levels must be best first (level ${index} is out of order)`);
  });
}

/** Total tonnes resting on the levels. */
export function bookDepthTonnes(levels: readonly BookLevel[]): bigint {
  return levels.reduce((sum, level) => sum + level.quantity, 0n);
}

/** Cash of the best `tonnes` of the book (tonnes ≤ depth): each level trades at its own price. */
export function bookCashCents(levels: readonly BookLevel[], tonnes: bigint): bigint {
  let left = tonnes;
  let cashCents = 0n;
  for (const level of levels) {
    if (left === 0n) break;
    const take = level.quantity < left ? level.quantity : left;
    cashCents += take * level.priceCents;
    left -= take;
  }
  return cashCents;
}
