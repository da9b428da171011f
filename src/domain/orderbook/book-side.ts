import { NONE } from './order-store';
import { PriceLevel } from './price-level';

/**
 * The price levels of one side of a book, kept sorted from worst to best so that the best level is the last
 * element: taking or emptying the best level (the common case) is O(1), and a new level near the touch shifts
 * only the few levels better than it. Levels are found by binary search on `keys`, where
 * key = direction × price (bids +1, asks −1), so "better" always means "larger key" for both sides.
 */
export class BookSide {
  /** Number of live levels; entries of `levels` and `keys` at or beyond it are stale. */
  count = 0;
  readonly levels: PriceLevel[] = [];
  readonly keys: number[] = [];
  private readonly pool: PriceLevel[] = [];

  /** @param levelTable every level of the book by index, shared by both sides so that an order's LEVEL field finds it. */
  constructor(
    readonly direction: 1 | -1,
    private readonly levelTable: PriceLevel[],
  ) {}

  /** The best level, or null when the side is empty. */
  best(): PriceLevel | null {
    return this.count === 0 ? null : this.levels[this.count - 1];
  }

  /** Index of the level at `priceCents`, or −(insertion index) − 1 when there is none. */
  indexOf(priceCents: number): number {
    const key = this.direction * priceCents;
    const keys = this.keys;
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const middleKey = keys[middle];
      if (middleKey < key) low = middle + 1;
      else if (middleKey > key) high = middle - 1;
      else return middle;
    }
    return -low - 1;
  }

  /** The level at `priceCents`, created (from the pool) if it does not exist yet. */
  levelAt(priceCents: number): PriceLevel {
    const found = this.indexOf(priceCents);
    if (found >= 0) return this.levels[found];
    const index = -found - 1;
    const level = this.pool.length > 0 ? (this.pool.pop() as PriceLevel) : this.newLevel();
    level.priceCents = priceCents;
    this.insertAt(index, level, this.direction * priceCents);
    return level;
  }

  /** Removes an empty level and returns it to the pool. */
  remove(level: PriceLevel): void {
    const last = this.count - 1;
    const index = this.levels[last] === level ? last : this.indexOf(level.priceCents);
    const { levels, keys } = this;
    // Shift the better levels down by one; removing the best level shifts nothing.
    for (let i = index; i < last; i++) {
      levels[i] = levels[i + 1];
      keys[i] = keys[i + 1];
    }
    this.count = last;
    level.head = NONE;
    level.tail = NONE;
    level.totalTonnes = 0;
    level.orderCount = 0;
    this.pool.push(level);
  }

  private newLevel(): PriceLevel {
    const level = new PriceLevel(this.levelTable.length);
    this.levelTable.push(level);
    return level;
  }

  private insertAt(index: number, level: PriceLevel, key: number): void {
    const { levels, keys } = this;
    if (this.count === levels.length) {
      // Grow once by one slot; later inserts reuse the capacity, so the steady state allocates nothing.
      levels.push(level);
      keys.push(key);
    }
    for (let i = this.count; i > index; i--) {
      levels[i] = levels[i - 1];
      keys[i] = keys[i - 1];
    }
    levels[index] = level;
    keys[index] = key;
    this.count++;
  }
}
