/**
 * Rounds to `decimals` places (0 to 20), halves away from zero, working on the decimal text so that
 * 1.005 → 1.01 (plain `Math.round(x * 100) / 100` gives 1 because 1.005 is stored as 1.00499…).
 * MRV estimates are rounded exactly once, with this, before display or storage.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  const text = String(magnitude);
  // Shifting the decimal point in the text only works for plain notation; tiny or huge values use the factor.
  const rounded = text.includes('e')
    ? Math.round(magnitude * 10 ** decimals) / 10 ** decimals
    : Number(`${Math.round(Number(`${text}e${decimals}`))}e-${decimals}`);
  // `+ 0` turns a rounded -0 into 0 so that it prints as "0".
  return (value < 0 ? -rounded : rounded) + 0;
}
