import type { SerialRange } from '@/domain/serials';
import { lotTonnes, selectLots, type LotSpan } from './lot-selection';

/** A lot (holding row) as the lot moves need it: its id, size and contiguous serial range. */
export type LotRef = LotSpan;

/** What one lot gives: `taken` (its lowest serials) moves; `rest` stays behind, or null when the lot moves whole. */
export interface LotTake {
  lot: LotRef;
  quantity: number;
  taken: SerialRange;
  rest: SerialRange | null;
}

/**
 * Takes `tonnes` from `lots`, in the order given (oldest first), splitting only the last lot touched (`selectLots`).
 * Pure: the caller writes the result. Returns null when the lots hold fewer than `tonnes`.
 */
export function planLotTake(lots: readonly LotRef[], tonnes: number): LotTake[] | null {
  if (tonnes === 0) return [];
  if (lotTonnes(lots) < tonnes) return null;
  const byId = new Map(lots.map((lot) => [lot.id, lot]));
  return selectLots(lots, tonnes).map((piece) => ({ lot: byId.get(piece.lotId)!, quantity: piece.quantity, taken: piece.taken, rest: piece.rest }));
}
