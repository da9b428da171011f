import { describe, expect, it } from 'vitest';
import { lowestSerialsFirst, oldestLotsFirst, selectLots, type SelectableLot } from '@/domain/trading/lot-selection';

const lot = (id: number, serialStart: number, quantity: number, purchaseDateMs: number): SelectableLot =>
  ({ id, serialStart, serialEnd: serialStart + quantity - 1, quantity, purchaseDateMs });

// Lot 3 is the oldest although it has the highest serials: it was bought first, then resold… order by date.
const lots = [lot(1, 101, 10, 2000), lot(2, 1, 5, 3000), lot(3, 500, 4, 1000)];

describe('selectLots, oldest first (escrow)', () => {
  it('takes whole lots from the oldest and splits the last, keeping its lowest serials', () => {
    expect(selectLots(lots, 7, oldestLotsFirst)).toEqual([
      { lotId: 3, quantity: 4, whole: true, taken: { serialStart: 500, serialEnd: 503 }, rest: null },
      { lotId: 1, quantity: 3, whole: false, taken: { serialStart: 101, serialEnd: 103 }, rest: { serialStart: 104, serialEnd: 110 } },
    ]);
  });

  it('breaks date ties by id', () => {
    expect(selectLots([lot(9, 1, 2, 5), lot(4, 50, 2, 5)], 2, oldestLotsFirst)[0].lotId).toBe(4);
  });

  it('takes everything when asked for everything', () => {
    const pieces = selectLots(lots, 19, oldestLotsFirst);
    expect(pieces.every((piece) => piece.whole)).toBe(true);
    expect(pieces.reduce((sum, piece) => sum + piece.quantity, 0)).toBe(19);
  });

  it('throws on a shortfall or a bad quantity (callers check first)', () => {
    expect(() => selectLots(lots, 20, oldestLotsFirst)).toThrow(/hold 19 tonnes, 20 needed/);
    expect(() => selectLots(lots, 0, oldestLotsFirst)).toThrow(RangeError);
    expect(() => selectLots(lots, 1.5, oldestLotsFirst)).toThrow(RangeError);
  });
});

describe('selectLots, lowest serials first (delivery)', () => {
  it('hands out the lowest serials first', () => {
    expect(selectLots(lots, 6, lowestSerialsFirst).map((piece) => [piece.lotId, piece.taken.serialStart, piece.taken.serialEnd]))
      .toEqual([[2, 1, 5], [1, 101, 101]]);
  });

  it('does not reorder the caller\'s array', () => {
    const input = [...lots];
    selectLots(input, 3, lowestSerialsFirst);
    expect(input).toEqual(lots);
  });
});
