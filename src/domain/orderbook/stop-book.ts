import type { EntityId, OrderSide } from './order-status';

interface StopEntry {
  id: EntityId;
  stopPriceCents: number;
  /** Placement order: among stops crossed by the same trade at the same stop price, the earlier triggers first. */
  sequence: number;
}

/**
 * Whether a trade at `lastPriceCents` reaches a stop of `side` at `stopPriceCents`: a buy stop triggers when the last
 * trade price is at or above its stop price, a sell stop when it is at or below.
 */
export function stopReached(side: OrderSide, stopPriceCents: number, lastPriceCents: number): boolean {
  return side === 'buy' ? lastPriceCents >= stopPriceCents : lastPriceCents <= stopPriceCents;
}

/**
 * The untriggered stop orders of one project, apart from the order book so that they cost ordinary matching nothing:
 * each side sorted by trigger price, the next stop to trigger last (buys: the lowest stop price, sells: the highest;
 * then the earliest placed), so that a trade price is compared with one stop per side and a trigger is a pop.
 *
 * `trigger(lastPriceCents)` is called with the price of every trade, in trade order. It removes the stops that price
 * reaches and reports them in the order their triggers were crossed: a rising price crosses lower buy stops first, a
 * falling one higher sell stops first; ties go by placement. Each stop is reported once, since it leaves the book then.
 */
export class StopBook {
  /** Sorted so that the next buy stop to trigger (lowest price, then earliest) is last. */
  private readonly buys: StopEntry[] = [];
  /** Sorted so that the next sell stop to trigger (highest price, then earliest) is last. */
  private readonly sells: StopEntry[] = [];

  get size(): number {
    return this.buys.length + this.sells.length;
  }

  /** Adds an untriggered stop. Throws when the id is already here. */
  add(id: EntityId, side: OrderSide, stopPriceCents: number, sequence: number): void {
    if (this.has(id)) throw new Error(`stop ${id} is already held`);
    const list = side === 'buy' ? this.buys : this.sells;
    const entry = { id, stopPriceCents, sequence };
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (triggersBefore(side, entry, list[middle])) low = middle + 1;
      else high = middle;
    }
    list.splice(low, 0, entry);
  }

  has(id: EntityId): boolean {
    return this.buys.some((entry) => entry.id === id) || this.sells.some((entry) => entry.id === id);
  }

  /** Removes a stop (a cancel); returns whether it was held. */
  remove(id: EntityId): boolean {
    for (const list of [this.buys, this.sells]) {
      const index = list.findIndex((entry) => entry.id === id);
      if (index >= 0) {
        list.splice(index, 1);
        return true;
      }
    }
    return false;
  }

  /** Removes the stops a trade at `lastPriceCents` reaches and appends their ids to `out`, in trigger order. */
  trigger(lastPriceCents: number, out: EntityId[]): void {
    const { buys, sells } = this;
    while (buys.length > 0 && buys[buys.length - 1].stopPriceCents <= lastPriceCents) out.push(buys.pop()!.id);
    while (sells.length > 0 && sells[sells.length - 1].stopPriceCents >= lastPriceCents) out.push(sells.pop()!.id);
  }
}

/** Whether `a` triggers before `b` on the same side: nearer the market first (lower buy, higher sell stop), then placed earlier. */
function triggersBefore(side: OrderSide, a: StopEntry, b: StopEntry): boolean {
  if (a.stopPriceCents !== b.stopPriceCents) return side === 'buy' ? a.stopPriceCents < b.stopPriceCents : a.stopPriceCents > b.stopPriceCents;
  return a.sequence < b.sequence;
}
