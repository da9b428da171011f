import { formatCents } from '@/domain/money';
import type { WebhookEventInput } from '@/server/db/record-webhook-events';

/** The pool.swap webhook event of one swap (from the swap desk or a routed market order's pool leg). */
export function poolSwapEvent(swap: {
  userId: number; tradeId: number; projectId: number; side: 'buy' | 'sell'; quantity: number; priceCents: bigint; totalCents: bigint;
}): WebhookEventInput {
  return {
    userId: swap.userId,
    type: 'pool.swap',
    data: {
      tradeId: swap.tradeId, projectId: swap.projectId, side: swap.side, quantity: swap.quantity,
      pricePerCredit: formatCents(swap.priceCents), total: formatCents(swap.totalCents),
    },
  };
}
