import { z } from 'zod';
import { moneyString } from './common';

export const platformStats = z.object({
  totalCredits: z.number(),
  companiesActive: z.number(),
  co2Offset: z.number(),
  transactionVolume: moneyString,
});
export type PlatformStats = z.infer<typeof platformStats>;

export const userStats = z.object({
  ownedCredits: z.number(),
  retiredCredits: z.number(),
  portfolioValue: moneyString,
  activeOrders: z.number(),
  cashBalance: moneyString,
});
export type UserStats = z.infer<typeof userStats>;
