import { z } from 'zod';
import { MAX_PRICE_CENTS, MAX_QUANTITY_TONNES } from '@/shared/constants';

/** PostgreSQL `integer`: a larger id would reach the database as an out-of-range error (a 500). */
export const MAX_ID = 2_147_483_647;

/** Whole tonnes, 1 … 1,000,000,000. Strings are refused: a quantity is a JSON number. */
export const quantityTonnes = z
  .number({ error: 'quantity must be a number' })
  .int({ error: 'quantity must be a whole number of tonnes' })
  .min(1, { error: 'quantity must be at least 1' })
  .max(MAX_QUANTITY_TONNES, { error: `quantity must be at most ${MAX_QUANTITY_TONNES}` });

// At most 13 whole digits: far above any bound below, and short enough that no amount turns into a float overflow.
const DOLLARS_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * The cents of a dollar amount as the API accepts it: a JSON number or a string with at most 2 decimals, written
 * exactly (no spaces, signs, exponents, hex, Infinity or NaN); null for anything else. Parsed from the text, never
 * through a float, so no input can overflow or round.
 */
export function dollarsToCents(value: unknown): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value : '';
  const match = DOLLARS_PATTERN.exec(text);
  if (!match) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/**
 * A dollar amount field: a number or numeric string with at most 2 decimals, between the bounds (in cents).
 * The value passes through unchanged (routes turn it into cents with parseCents); every refusal is a 400 with a message.
 */
export function dollarsField(field: string, bounds: { minCents: bigint; maxCents: bigint }, formatMessage = `${field} must be an amount in dollars with at most 2 decimals`) {
  const range = `${bounds.minCents === 0n ? 'at least 0' : 'greater than 0'} and at most ${centsText(bounds.maxCents)}`;
  return z.union([z.number(), z.string()], { error: `${field} must be a number or a numeric string` }).superRefine((value, context) => {
    const cents = dollarsToCents(value);
    if (cents === null) context.addIssue({ code: 'custom', message: formatMessage });
    else if (cents < bounds.minCents || cents > bounds.maxCents) context.addIssue({ code: 'custom', message: `${field} must be ${range}` });
  });
}

const centsText = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/** A price in dollars: a number or numeric string with at most 2 decimals, > 0 and ≤ 1,000,000.00. */
export const priceDollars = dollarsField('price', { minCents: 1n, maxCents: MAX_PRICE_CENTS }, 'price must be a positive amount with at most 2 decimals');

/** Money on the wire is a decimal string with 2 places, e.g. "12.50". */
export const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);

/** An id in a path: decimal digits only (no sign, spaces, exponent or hex), 1 … MAX_ID. */
export const idParam = z
  .string({ error: 'id must be a number' })
  .regex(/^[1-9]\d{0,9}$/, { error: 'id must be a number: a positive whole number in plain digits' })
  .transform(Number)
  .pipe(z.number().max(MAX_ID, { error: `id must be at most ${MAX_ID}` }));

/** Rows a "my …" list (GET /api/credits/my, /api/transactions/my) answers at most when asked for the newest only. */
export const MY_LIST_MAX_LIMIT = 1000;

/** A whole number in a query string, written in digits only, within the bounds. */
export function wholeNumberQuery(field: string, bounds: { min: number; max: number }) {
  return z
    .string({ error: `${field} must be a number` })
    .regex(/^\d{1,10}$/, { error: `${field} must be a whole number written in digits` })
    .transform(Number)
    .pipe(z.number().min(bounds.min, { error: `${field} must be at least ${bounds.min}` }).max(bounds.max, { error: `${field} must be at most ${bounds.max}` }));
}

// C0 controls and DEL: a NUL cannot be stored in PostgreSQL text, and none of them belongs in a name or an e-mail.
// (`\p{Cc}` is C0, DEL and C1: the C1 block is left as it was, allowed.)
const CONTROL_CHARACTER = /(?![\u0080-\u009f])\p{Cc}/u;
// Free text (a retirement reason) may span lines: tab, line feed and carriage return are kept, exports quote them.
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /(?![\t\n\r\u0080-\u009f])\p{Cc}/u;

// A UTF-16 surrogate without its other half (matched code unit by code unit: no `u` flag).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Refuses control characters (NUL, escape, bell…) in a text field, and text that is not well-formed Unicode (a lone
 * surrogate, which JSON's `\ud800` escape can carry, has no UTF-8 form to store, hash or print); `multiLine` keeps
 * tabs and line breaks.
 */
export const withoutControlCharacters = (field: string, options: { multiLine?: boolean } = {}) => (text: string, context: z.RefinementCtx) => {
  const pattern = options.multiLine ? CONTROL_CHARACTER_BUT_LINE_BREAKS : CONTROL_CHARACTER;
  if (pattern.test(text)) context.addIssue({ code: 'custom', message: `${field} must not contain control characters` });
  else if (LONE_SURROGATE.test(text)) context.addIssue({ code: 'custom', message: `${field} must be well-formed Unicode text (it holds a lone surrogate)` });
};

/**
 * Text from a query string or a path (a search, a certificate id): trimmed, at most `maxLength` characters, and under
 * the body fields' rule, so a NUL reaches neither PostgreSQL (a 500) nor a log or a CSV.
 */
export function plainTextQuery(field: string, maxLength: number) {
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .max(maxLength, { error: `${field} must be at most ${maxLength} characters` })
    .superRefine(withoutControlCharacters(field));
}

export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

/**
 * The query of a "my …" list: without `limit` the whole history (SPEC.md), with it only the newest `limit` rows, so
 * a screen that shows the first three (the dashboard) costs the same after ten thousand trades as after one.
 */
export const myListQuery = z.object({
  limit: wholeNumberQuery('limit', { min: 1, max: MY_LIST_MAX_LIMIT }).optional(),
});

/** Rows a "my …" list may skip at most (`offset`): far past any account's history. */
export const MY_LIST_MAX_OFFSET = 100_000_000;
