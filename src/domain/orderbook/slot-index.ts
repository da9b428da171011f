import type { EntityId } from './order-status';
import { NONE } from './order-store';

const EMPTY = -1;
const MAX_INT_ID = 0x7fffffff;
/** 2^10 buckets to start with. */
export const MIN_BITS = 10;

/**
 * Order id → store slot. Integer ids in 0…2^31−1 (database serials) live in an open-addressing table on typed
 * arrays: linear probing with Fibonacci hashing finds a key in about one cache miss, where a `Map` of a few
 * hundred thousand entries costs two or three and dominates a cancel. Any other id (uuid strings…) uses a `Map`.
 * Deletion shifts the following entries back instead of leaving tombstones, so probe runs stay short.
 */
export class SlotIndex {
  private bits = MIN_BITS;
  private keys = new Int32Array(1 << MIN_BITS).fill(EMPTY);
  private slots = new Int32Array(1 << MIN_BITS);
  private intCount = 0;
  private readonly others = new Map<EntityId, number>();

  get size(): number {
    return this.intCount + this.others.size;
  }

  /** The slot of `id`, or NONE. */
  get(id: EntityId): number {
    if (!isIntId(id)) return this.others.get(id) ?? NONE;
    const { keys } = this;
    const mask = keys.length - 1;
    for (let i = this.home(id); ; i = (i + 1) & mask) {
      const key = keys[i];
      if (key === id) return this.slots[i];
      if (key === EMPTY) return NONE;
    }
  }

  /** Records `id` → `slot`; `id` must not be present. */
  set(id: EntityId, slot: number): void {
    if (!isIntId(id)) {
      this.others.set(id, slot);
      return;
    }
    // Keep the load factor at or below 1/2 so that probe runs stay short.
    if (++this.intCount * 2 > this.keys.length) this.grow();
    this.insert(id, slot);
  }

  /** Removes `id` if present. */
  delete(id: EntityId): void {
    if (!isIntId(id)) {
      this.others.delete(id);
      return;
    }
    const { keys, slots } = this;
    const mask = keys.length - 1;
    let hole = this.home(id);
    while (keys[hole] !== id) {
      if (keys[hole] === EMPTY) return;
      hole = (hole + 1) & mask;
    }
    this.intCount--;
    // Backward-shift deletion: move back every later entry of the run whose home is not in (hole, i].
    for (let i = (hole + 1) & mask; keys[i] !== EMPTY; i = (i + 1) & mask) {
      const home = this.home(keys[i]);
      const stays = hole <= i ? hole < home && home <= i : hole < home || home <= i;
      if (!stays) {
        keys[hole] = keys[i];
        slots[hole] = slots[i];
        hole = i;
      }
    }
    keys[hole] = EMPTY;
  }

  private home(id: number): number {
    return homeBucket(id, this.bits);
  }

  private insert(id: number, slot: number): void {
    const { keys } = this;
    const mask = keys.length - 1;
    let i = this.home(id);
    while (keys[i] !== EMPTY) i = (i + 1) & mask;
    keys[i] = id;
    this.slots[i] = slot;
  }

  private grow(): void {
    const { keys, slots } = this;
    this.bits++;
    this.keys = new Int32Array(1 << this.bits).fill(EMPTY);
    this.slots = new Int32Array(1 << this.bits);
    for (let i = 0; i < keys.length; i++) if (keys[i] !== EMPTY) this.insert(keys[i], slots[i]);
  }
}

/** The first bucket probed for `id` in a table of 2^bits buckets (Fibonacci hashing: spreads runs of ids evenly). */
export function homeBucket(id: number, bits: number): number {
  return Math.imul(id, 0x9e3779b1) >>> (32 - bits);
}

function isIntId(id: EntityId): id is number {
  return typeof id === 'number' && (id | 0) === id && id >= 0 && id <= MAX_INT_ID;
}
