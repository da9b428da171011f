import type { SerialRange } from '@/domain/serials';

/** Sorted, with touching ranges joined (1–5 and 6–9 become 1–9), so a project's retired serials read as few blocks. */
export function mergeSerialRanges(ranges: readonly SerialRange[]): SerialRange[] {
  const sorted = [...ranges].sort((a, b) => a.serialStart - b.serialStart);
  const merged: SerialRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.serialStart <= last.serialEnd + 1) last.serialEnd = Math.max(last.serialEnd, range.serialEnd);
    else merged.push({ ...range });
  }
  return merged;
}
