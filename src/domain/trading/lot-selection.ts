import { splitRange, type SerialRange } from '@/domain/serials';

/** A lot (holding row) as selection needs it: its id, size and contiguous serial range. */
export interface LotSpan extends SerialRange {
  id: number;
  quantity: number;
}

export interface SelectableLot extends LotSpan {
  purchaseDateMs: number;
}

/** Part of one lot: `whole` lots move as they are; otherwise `taken` (the lowest serials) is split off and `rest` stays. */
export interface LotPiece {
  lotId: number;
  quantity: number;
  whole: boolean;
  taken: SerialRange;
  rest: SerialRange | null;
}

/** Escrow order for a sell order: the oldest lots first (purchase date, then id), so recent purchases stay spendable. */
export function oldestLotsFirst(a: SelectableLot, b: SelectableLot): number {
  return a.purchaseDateMs - b.purchaseDateMs || a.id - b.id;
}

/** Delivery order for a fill: the lowest serials first, so an order's escrow is handed out deterministically. */
export function lowestSerialsFirst(a: SelectableLot, b: SelectableLot): number {
  return a.serialStart - b.serialStart;
}

/**
 * Takes `quantity` tonnes from `lots` in the order `compare` gives (as given without one), splitting only the last
 * lot touched (its lowest serials are taken, see `splitRange`). Throws when the lots hold fewer tonnes: callers
 * check first, so a shortfall here is a bug.
 */
export function selectLots<L extends LotSpan>(lots: readonly L[], quantity: number, compare?: (a: L, b: L) => number): LotPiece[] {
  if (!(Number.isInteger(quantity) && quantity > 0)) throw new RangeError(`quantity must be a positive integer, got ${quantity}`);
  const pieces: LotPiece[] = [];
  let needed = quantity;
  for (const lot of compare ? [...lots].sort(compare) : lots) {
    if (needed === 0) break;
    const take = Math.min(lot.quantity, needed);
    const { taken, rest } = splitRange(lot, take);
    pieces.push({ lotId: lot.id, quantity: take, whole: rest === null, taken, rest });
    needed -= take;
  }
  if (needed > 0) throw new Error(`lots hold ${quantity - needed} tonnes, ${quantity} needed`);
  return pieces;
}

/** Tonnes the lots hold together. */
export function lotTonnes(lots: readonly LotSpan[]): number {
  return lots.reduce((sum, lot) => sum + lot.quantity, 0);
}
