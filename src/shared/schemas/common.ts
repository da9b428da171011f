import { z } from 'zod';
import { MAX_PRICE_CENTS, MAX_QUANTITY_TONNES } from '../constants';

/** Whole tonnes, 1 … 1,000,000,000. Strings are refused: a quantity is a JSON number. */
export const quantityTonnes = z
  .number({ error: 'quantity must be a number' })
  .int({ error: 'quantity must be a whole number of tonnes' })
  .min(1, { error: 'quantity must be at least 1' })
  .max(MAX_QUANTITY_TONNES, { error: `quantity must be at most ${MAX_QUANTITY_TONNES}` });

/** A price in dollars: a number or numeric string with at most 2 decimals, > 0 and ≤ 1,000,000.00. */
export const priceDollars = z
  .union([z.number(), z.string()], { error: 'price must be a number or a numeric string' })
  .refine((value) => /^\d+(\.\d{1,2})?$/.test(typeof value === 'number' ? String(value) : value.trim()), {
    error: 'price must be a positive amount with at most 2 decimals',
  })
  .refine((value) => {
    const cents = Math.round(Number(value) * 100);
    return cents > 0 && BigInt(cents) <= MAX_PRICE_CENTS;
  }, { error: 'price must be greater than 0 and at most 1000000.00' });

/** Money on the wire is a decimal string with 2 places, e.g. "12.50". */
export const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);

export const idParam = z.coerce.number({ error: 'id must be a number' }).int({ error: 'id must be an integer' }).positive({ error: 'id must be a positive integer' }).max(2_147_483_647, { error: 'id must be at most 2147483647' });

export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;
