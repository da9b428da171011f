import { z } from 'zod';
import { moneyString, priceDollars, quantityTonnes } from './common';

/** How long a quote holds its price. */
export const QUOTE_TTL_SECONDS = 60;

const projectId = z.number({ error: 'projectId must be a number' }).int().positive().max(2_147_483_647, { error: 'projectId must be at most 2147483647' });

/** Either a number of tonnes or a budget in dollars (the most whole tonnes whose total incl. the fee fits). */
export const quoteBody = z.union([
  z.strictObject({ projectId, quantity: quantityTonnes }),
  z.strictObject({ projectId, amountUsd: priceDollars }),
], { error: 'send {projectId, quantity} or {projectId, amountUsd}' });
export type QuoteBody = z.infer<typeof quoteBody>;

export const quote = z.object({
  id: z.string(),
  projectId: z.number(),
  quantity: z.number(),
  pricePerCredit: moneyString,
  subtotal: moneyString,
  fee: moneyString,
  total: moneyString,
  expiresAt: z.string(),
});
export type Quote = z.infer<typeof quote>;
