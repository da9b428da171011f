import type { EntityId } from './order-status';

/**
 * Field offsets of an order record. Each resting order is 8 consecutive int32 in `OrderStore.fields` (32 bytes,
 * two per cache line) instead of a JavaScript object: links are slot numbers, so a deep book creates no garbage
 * and no pointers for the garbage collector to trace. Prices (≤ 1e8) and quantities (≤ 1e9) fit in an int32.
 */
export const REMAINING = 0;
export const QUANTITY = 1;
export const PRICE = 2;
export const PREV = 3;
export const NEXT = 4;
/** Index of the order's level in the book's level table. */
export const LEVEL = 5;
/** Index of the owner in `OrderStore.owners`. */
export const OWNER = 6;
/** 0 for buy, 1 for sell. */
export const SIDE = 7;
/** log2 of the record size. */
export const SHIFT = 3;
/** The null slot. */
export const NONE = -1;

/**
 * Slot allocator for order records, with a free list threaded through the NEXT field of free slots, so that a
 * filled or cancelled order's slot is reused by the next resting order. Capacity doubles when full, the only
 * allocation, amortised over the orders that fill it.
 */
export class OrderStore {
  fields: Int32Array;
  /** Database id of the order in each slot. */
  readonly ids: EntityId[] = [];
  /** Owner ids by owner index; owners are interned so that the matching loop compares small integers. */
  readonly owners: EntityId[] = [];
  private readonly ownerIndexes = new Map<EntityId, number>();
  private freeHead = NONE;
  private highWater = 0;

  constructor(initialCapacity = 1024) {
    this.fields = new Int32Array(initialCapacity << SHIFT);
  }

  /** A free slot for a new order; its fields are to be written by the caller. */
  allocate(id: EntityId): number {
    let slot = this.freeHead;
    if (slot !== NONE) {
      this.freeHead = this.fields[(slot << SHIFT) + NEXT];
      this.ids[slot] = id;
      return slot;
    }
    slot = this.highWater++;
    if (slot << SHIFT === this.fields.length) this.grow();
    this.ids.push(id);
    return slot;
  }

  /** Returns a slot to the free list. */
  release(slot: number): void {
    this.fields[(slot << SHIFT) + NEXT] = this.freeHead;
    this.freeHead = slot;
  }

  /** The interned index of `ownerId`, registered on first sight; the set of owners is bounded by the users. */
  ownerIndex(ownerId: EntityId): number {
    let index = this.ownerIndexes.get(ownerId);
    if (index === undefined) {
      index = this.owners.length;
      this.owners.push(ownerId);
      this.ownerIndexes.set(ownerId, index);
    }
    return index;
  }

  private grow(): void {
    const grown = new Int32Array(this.fields.length * 2);
    grown.set(this.fields);
    this.fields = grown;
  }
}
