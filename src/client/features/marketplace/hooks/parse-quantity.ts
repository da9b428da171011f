/**
 * SPEC.md §5: the buy quantity is numeric with a minimum of 1; anything non-numeric (or below 1) counts as 1.
 * Decimals are cut to whole tonnes. The project's availability is not enforced here: the server decides.
 */
export function parseQuantity(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) || value < 1 ? 1 : value;
}
