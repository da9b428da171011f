/** Serial numbers are printed with 6 digits; a range shows its first and last serial. */
export function formatSerial(prefix: string, serial: number): string {
  return `${prefix}-${String(serial).padStart(6, '0')}`;
}

/** `VCS-1094-2021-000001–000040`, or a single serial when the range holds one tonne. */
export function formatSerialRange(prefix: string, serialStart: number, serialEnd: number): string {
  const first = formatSerial(prefix, serialStart);
  return serialStart === serialEnd ? first : `${first}–${String(serialEnd).padStart(6, '0')}`;
}

/** Parses `PREFIX-000123` into its prefix and serial number; null when it is not a serial. */
export function parseSerial(text: string): { prefix: string; serial: number } | null {
  const match = /^(.+)-(\d{1,9})$/.exec(text.trim());
  if (!match) return null;
  return { prefix: match[1].toUpperCase(), serial: Number(match[2]) };
}

export interface SerialRange {
  serialStart: number;
  serialEnd: number;
}

/**
 * Splits `quantity` tonnes off the front of a range: the taken part keeps the lowest serials so that
 * splits are deterministic and the two parts stay disjoint and contiguous.
 */
export function splitRange(range: SerialRange, quantity: number): { taken: SerialRange; rest: SerialRange | null } {
  const size = range.serialEnd - range.serialStart + 1;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > size) throw new RangeError(`cannot take ${quantity} of ${size} serials`);
  const taken = { serialStart: range.serialStart, serialEnd: range.serialStart + quantity - 1 };
  const rest = quantity === size ? null : { serialStart: range.serialStart + quantity, serialEnd: range.serialEnd };
  return { taken, rest };
}
