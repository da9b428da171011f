import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NONE } from '@/domain/orderbook/order-store';
import type { EntityId } from '@/domain/orderbook/order-status';
import { homeBucket, MIN_BITS, SlotIndex } from '@/domain/orderbook/slot-index';

// Integer ids from a range barely larger than the growth threshold keep the table near its maximum load, so probe
// runs collide and wrap around its end; the odd large id spreads out, and the others take the Map path.
const id: fc.Arbitrary<EntityId> = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0, max: 700 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 1_000_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(0x7fffffff, 0x80000000, -1, 1.5, Number.MAX_SAFE_INTEGER) },
  { weight: 1, arbitrary: fc.constantFrom('a', 'b', '7', 'uuid-1') },
);
const operation = fc.record({ remove: fc.integer({ min: 0, max: 2 }).map((n) => n === 0), id, slot: fc.nat({ max: 1_000_000 }) });

describe('SlotIndex', () => {
  it('behaves like a Map for any sequence of inserts and deletes, across growth', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 3000, size: 'max' }), (operations) => {
        const index = new SlotIndex();
        const model = new Map<EntityId, number>();
        const mismatches: EntityId[] = [];
        for (const { remove, id, slot } of operations) {
          if (remove) {
            index.delete(id);
            model.delete(id);
          } else if (!model.has(id)) {
            index.set(id, slot);
            model.set(id, slot);
          }
          if (index.get(id) !== (model.get(id) ?? NONE)) mismatches.push(id);
        }
        expect(mismatches).toEqual([]);
        expect(index.size).toBe(model.size);
        expect([...model].filter(([key, slot]) => index.get(key) !== slot)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('finds every survivor after deleting most of 50,000 scattered ids', () => {
    // Pseudo-random distinct ids (a multiplicative permutation) land in colliding probe runs, unlike sequential ones.
    const idOf = (i: number) => Math.imul(i + 1, 0x2c1b3c6d) & 0x7fffffff;
    const index = new SlotIndex();
    for (let i = 0; i < 50_000; i++) index.set(idOf(i), i);
    for (let i = 0; i < 50_000; i++) if (i % 5 !== 0) index.delete(idOf(i));
    expect(index.size).toBe(10_000);
    const wrong: number[] = [];
    for (let i = 0; i < 50_000; i++) if (index.get(idOf(i)) !== (i % 5 === 0 ? i : NONE)) wrong.push(i);
    expect(wrong).toEqual([]);
  });

  it('wraps probe runs around the end of the table on insert, lookup and delete', () => {
    const lastBucket = (1 << MIN_BITS) - 1;
    const homedAt = (bucket: number, count: number) => {
      const ids: number[] = [];
      for (let candidate = 0; ids.length < count; candidate++) if (homeBucket(candidate, MIN_BITS) === bucket) ids.push(candidate);
      return ids;
    };
    // Four ids compete for the last bucket and two for the first, so the run spans the end and the start.
    const ids = [...homedAt(lastBucket, 4), ...homedAt(0, 2)];
    for (const order of [[0, 1, 2, 3, 4, 5], [3, 0, 5, 1, 4, 2], [5, 4, 3, 2, 1, 0]]) {
      const index = new SlotIndex();
      ids.forEach((id, slot) => index.set(id, slot));
      const removed = new Set<number>();
      for (const position of order) {
        index.delete(ids[position]);
        removed.add(position);
        expect(ids.map((id) => index.get(id))).toEqual(ids.map((_id, slot) => (removed.has(slot) ? NONE : slot)));
      }
    }
  });
});
