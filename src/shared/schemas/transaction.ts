import { z } from 'zod';
import { moneyString } from './common';

export const TRANSACTION_TYPES = [
  'purchase', 'retirement', 'trade_buy', 'trade_sell', 'swap_buy', 'swap_sell', 'liquidity_add', 'liquidity_remove',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const transaction = z.object({
  id: z.number(),
  type: z.enum(TRANSACTION_TYPES),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
  quantity: z.number(),
  totalAmount: moneyString,
  feeAmount: moneyString,
  certificateId: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transaction>;
