/** SPEC.md §5: the quantity to retire is a whole number clamped to 1 … the holding's quantity; junk becomes 1. */
export function clampQuantity(text: string, maxTonnes: number): number {
  const parsed = Number.parseInt(text, 10);
  if (!Number.isFinite(parsed)) return 1;
  return Math.min(Math.max(1, maxTonnes), Math.max(1, parsed));
}
