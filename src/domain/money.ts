/**
 * Money is integer cents (bigint) everywhere below the API boundary. These helpers are the only
 * place where decimal strings become cents and back, and where divisions choose their rounding.
 */

const DECIMAL_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Thrown for an amount that is not a non-negative decimal with at most 2 places. */
export class InvalidAmountError extends Error {}

/**
 * Parses `"12.5"`, `"12.50"`, `12.5` or `12` into cents. A third decimal is refused, never rounded,
 * because silently rounding a price the user typed would change what they agreed to pay.
 */
export function parseCents(amount: string | number): bigint {
  const text = typeof amount === 'number' ? numberToPlainString(amount) : amount.trim();
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) throw new InvalidAmountError(`"${amount}" is not an amount with at most 2 decimals`);
  const [, whole, fraction = ''] = match;
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

function numberToPlainString(amount: number): string {
  if (!Number.isFinite(amount)) return 'NaN';
  // Number#toString gives the shortest round-trip form, so 12.1 stays "12.1" and 0.1+0.2 shows its 3rd decimal.
  const text = amount.toString();
  return text.includes('e') ? amount.toFixed(20).replace(/\.?0+$/, '') : text;
}

/** Formats cents as a decimal string with exactly 2 places: 1250n → "12.50", -5n → "-0.05". */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = absolute / 100n;
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Integer division rounding toward negative infinity; `divisor` must be positive. */
export function divFloor(dividend: bigint, divisor: bigint): bigint {
  const quotient = dividend / divisor;
  return dividend % divisor !== 0n && dividend < 0n ? quotient - 1n : quotient;
}

/** Integer division rounding toward positive infinity; `divisor` must be positive. */
export function divCeil(dividend: bigint, divisor: bigint): bigint {
  const quotient = dividend / divisor;
  return dividend % divisor !== 0n && dividend > 0n ? quotient + 1n : quotient;
}

/** Integer division rounding halves away from zero (half-up for the non-negative amounts we charge). */
export function roundHalfUp(dividend: bigint, divisor: bigint): bigint {
  const negative = dividend < 0n;
  const absolute = negative ? -dividend : dividend;
  const rounded = (absolute * 2n + divisor) / (divisor * 2n);
  return negative ? -rounded : rounded;
}

/** Largest integer r with r*r <= value (Newton's method on bigints). */
export function isqrt(value: bigint): bigint {
  if (value < 0n) throw new RangeError('isqrt of a negative number');
  if (value < 2n) return value;
  let x = value;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + value / x) / 2n;
  }
  return x;
}
