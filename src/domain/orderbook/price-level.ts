import { LEVEL, NEXT, NONE, PREV, REMAINING, SHIFT } from './order-store';

/**
 * All resting orders of one side at one price, oldest first (time priority), as an intrusive doubly-linked list
 * of order slots (see order-store.ts): a cancel unlinks its order in O(1), without searching or renumbering the
 * level. `totalTonnes` and `orderCount` are kept up to date so that depth is read without walking the queue.
 */
export class PriceLevel {
  priceCents = 0;
  totalTonnes = 0;
  orderCount = 0;
  head = NONE;
  tail = NONE;

  /** @param index this level's permanent index in the book's level table, stored in its orders' LEVEL field. */
  constructor(readonly index: number) {}

  /** Appends the order in `slot` as the newest order of the level. */
  append(fields: Int32Array, slot: number): void {
    const base = slot << SHIFT;
    const tail = this.tail;
    fields[base + LEVEL] = this.index;
    fields[base + NEXT] = NONE;
    fields[base + PREV] = tail;
    if (tail === NONE) this.head = slot;
    else fields[(tail << SHIFT) + NEXT] = slot;
    this.tail = slot;
    this.totalTonnes += fields[base + REMAINING];
    this.orderCount++;
  }

  /** Removes the order in `slot` wherever it is in the queue; its remaining tonnes leave the level total. */
  unlink(fields: Int32Array, slot: number): void {
    const base = slot << SHIFT;
    const prev = fields[base + PREV];
    const next = fields[base + NEXT];
    if (prev === NONE) this.head = next;
    else fields[(prev << SHIFT) + NEXT] = next;
    if (next === NONE) this.tail = prev;
    else fields[(next << SHIFT) + PREV] = prev;
    this.totalTonnes -= fields[base + REMAINING];
    this.orderCount--;
  }
}
