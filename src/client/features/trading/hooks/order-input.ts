import { toCents } from '@/client/lib/format';

export interface OrderInput {
  quantityText: string;
  priceText: string;
}

/**
 * SPEC.md §5: the quantity is read as an integer ("12.7" is 12); null when nothing numeric was entered. Out-of-range
 * values are sent as they are, so that the server's message explains the rule.
 */
export function parseQuantity(text: string): number | null {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? null : value;
}

/** A price in cents, or null when it is not a positive amount with at most 2 decimals. */
export function parsePriceCents(text: string): bigint | null {
  const cents = toCents(text.trim());
  return cents !== null && cents > 0n ? cents : null;
}

/** Total Value preview: price × quantity in exact cents; null while either is missing or invalid. */
export function totalValueCents(input: OrderInput): bigint | null {
  const quantity = parseQuantity(input.quantityText);
  const priceCents = parsePriceCents(input.priceText);
  return quantity === null || quantity < 1 || !Number.isSafeInteger(quantity) || priceCents === null ? null : priceCents * BigInt(quantity);
}
