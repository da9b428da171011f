import type { TransactionType } from '@/shared/schemas/transaction';

/** What each transaction was, in the words of the /activity list. */
export const TRANSACTION_LABELS: Record<TransactionType, string> = {
  purchase: 'Purchase',
  retirement: 'Retirement',
  trade_buy: 'Trade · bought',
  trade_sell: 'Trade · sold',
  swap_buy: 'Swap · bought',
  swap_sell: 'Swap · sold',
  liquidity_add: 'Pool · liquidity added',
  liquidity_remove: 'Pool · liquidity removed',
};
