// Cash maths of order-book trading, in bigint cents. Trades carry no platform fee: the 2% fee applies to primary
// purchases only (SPEC.md section 9 names it for the buy dialog), so a trade moves exactly price × quantity.

/** Cash a limit buy order locks when it is placed: its limit price × its quantity. */
export function buyLockCents(limitPriceCents: bigint, quantityTonnes: number): bigint {
  return limitPriceCents * BigInt(quantityTonnes);
}

export interface FillCash {
  /** What the buyer pays for the fill: trade price × quantity. */
  costCents: bigint;
  /** What the seller receives: the cost, since trades have no fee. */
  proceedsCents: bigint;
  /** Lock the fill frees beyond its cost, returned to the buyer's cash: (limit − trade price) × quantity. */
  releasedCents: bigint;
  /** How much the buy order's lock shrinks: limit × quantity = cost + released. */
  unlockedCents: bigint;
}

/**
 * Settles one fill against a buy order locked at `limitPriceCents` per tonne. The trade price is the resting
 * order's, never above the buyer's limit, so the lock always covers the cost; a taker buying below its limit gets
 * the difference back at once. Keeps: lock after = limit × remaining tonnes.
 */
export function fillCash(limitPriceCents: bigint, tradePriceCents: bigint, quantityTonnes: number): FillCash {
  if (tradePriceCents > limitPriceCents) throw new Error(`trade price ${tradePriceCents} above the buy limit ${limitPriceCents}`);
  if (!(Number.isInteger(quantityTonnes) && quantityTonnes > 0)) throw new Error(`fill quantity must be a positive integer, got ${quantityTonnes}`);
  const quantity = BigInt(quantityTonnes);
  const costCents = tradePriceCents * quantity;
  const unlockedCents = limitPriceCents * quantity;
  return { costCents, proceedsCents: costCents, releasedCents: unlockedCents - costCents, unlockedCents };
}

export interface AskLevel {
  priceCents: number | bigint;
  quantityTonnes: number;
}

/**
 * Tonnes a market buy may take so that it never spends more cash than the buyer has: walks the ask levels best
 * first and buys whole tonnes while the cash lasts, up to `wantedTonnes`. Rounds down (a tonne that cannot be paid
 * in full is not bought).
 */
/** What taking `tonnes` from the ask levels costs, best price first, in cents. */
export function takeCostCents(asks: readonly AskLevel[], tonnes: number): bigint {
  let left = tonnes;
  let cost = 0n;
  for (const level of asks) {
    if (left <= 0) break;
    const take = Math.min(level.quantityTonnes, left);
    cost += BigInt(level.priceCents) * BigInt(take);
    left -= take;
  }
  return cost;
}

export function affordableTonnes(asks: readonly AskLevel[], cashCents: bigint, wantedTonnes: number): number {
  let tonnes = 0;
  let cash = cashCents;
  for (const level of asks) {
    if (tonnes >= wantedTonnes) break;
    const price = BigInt(level.priceCents);
    if (price <= 0n) throw new Error(`ask price must be positive, got ${price}`);
    const byCash = cash / price;
    const open = wantedTonnes - tonnes;
    const take = Math.min(level.quantityTonnes, byCash >= BigInt(open) ? open : Number(byCash));
    tonnes += take;
    cash -= price * BigInt(take);
    if (take < level.quantityTonnes) break;
  }
  return tonnes;
}
