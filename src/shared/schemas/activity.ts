import { z } from 'zod';
import { MAX_ID } from './common';
import { periodQueries } from './period-query';
import { transaction, type TransactionType } from './transaction';

/** The kinds of activity the /activity page filters by; each is one or two transaction types. */
export const ACTIVITY_TYPES = ['purchase', 'trade', 'swap', 'pool', 'retirement'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_TYPE_TRANSACTIONS: Record<ActivityType, readonly TransactionType[]> = {
  purchase: ['purchase'],
  trade: ['trade_buy', 'trade_sell'],
  swap: ['swap_buy', 'swap_sell'],
  pool: ['liquidity_add', 'liquidity_remove'],
  retirement: ['retirement'],
};

export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  purchase: 'Purchases',
  trade: 'Trades',
  swap: 'Swaps',
  pool: 'Pool changes',
  retirement: 'Retirements',
};

export const ACTIVITY_PAGE_SIZE = 25;
export const ACTIVITY_MAX_PAGE_SIZE = 100;
/** Rows in one CSV download at most; the page says so when a filter matches more. */
export const ACTIVITY_CSV_MAX_ROWS = 50_000;

const activityQueries = periodQueries({
  type: z.enum(ACTIVITY_TYPES, { error: `type must be one of ${ACTIVITY_TYPES.join(', ')}` }).optional(),
  projectId: z.coerce.number({ error: 'projectId must be a number' }).int({ error: 'projectId must be a whole number' })
    .positive({ error: 'projectId must be positive' }).max(MAX_ID, { error: 'projectId is too large' }).optional(),
}, { pageSize: ACTIVITY_PAGE_SIZE, maxPageSize: ACTIVITY_MAX_PAGE_SIZE });

export const activityCsvQuery = activityQueries.csv;
export type ActivityFilter = z.infer<typeof activityCsvQuery>;

export const activityQuery = activityQueries.page;
export type ActivityQuery = z.infer<typeof activityQuery>;

/** One page of the user's transactions, newest first; a page past the last is empty (with the totals). */
export const activityPage = z.object({
  items: z.array(transaction),
  page: z.number(),
  pageSize: z.number(),
  /** Transactions matching the filters, on every page. */
  total: z.number(),
  pageCount: z.number(),
});
export type ActivityPage = z.infer<typeof activityPage>;
