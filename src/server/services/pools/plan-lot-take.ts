import { splitRange, type SerialRange } from '../../../domain/serials';

/** A lot (holding row) as the lot moves need it: its id, size and contiguous serial range. */
export interface LotRef extends SerialRange {
  id: number;
  quantity: number;
}

/** What one lot gives: `taken` (its lowest serials) moves; `rest` stays behind, or null when the lot moves whole. */
export interface LotTake {
  lot: LotRef;
  quantity: number;
  taken: SerialRange;
  rest: SerialRange | null;
}

/**
 * Takes `tonnes` from `lots`, in the order given (oldest first), splitting only the last lot touched; the parts
 * keep disjoint, contiguous serial ranges (`splitRange`). Pure: the caller writes the result. Returns null when
 * the lots hold fewer than `tonnes`.
 */
export function planLotTake(lots: readonly LotRef[], tonnes: number): LotTake[] | null {
  const takes: LotTake[] = [];
  let left = tonnes;
  for (const lot of lots) {
    if (left === 0) break;
    const quantity = Math.min(lot.quantity, left);
    const { taken, rest } = splitRange(lot, quantity);
    takes.push({ lot, quantity, taken, rest });
    left -= quantity;
  }
  return left === 0 ? takes : null;
}

/** Tonnes the lots hold together. */
export function lotTonnes(lots: readonly LotRef[]): number {
  return lots.reduce((sum, lot) => sum + lot.quantity, 0);
}
