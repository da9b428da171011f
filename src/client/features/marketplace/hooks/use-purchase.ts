import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseBody, PurchaseResponse } from '@/shared/schemas/credit';
import type { PendingApproval } from '@/shared/schemas/approval';
import { PROCESSING_DELAY_MS } from '@/shared/constants';
import { apiJson } from '@/client/lib/api';
import { delay } from '@/client/lib/delay';

/** Everything a purchase changes: holdings, stats, history, availability and the cash balance. */
export const PURCHASE_INVALIDATES = [
  ['/api/credits/my'],
  ['/api/stats/user'],
  ['/api/stats/platform'],
  ['/api/transactions/my'],
  ['/api/projects'],
  ['/api/auth/user'],
] as const;

/**
 * SPEC.md §4 buy flow: the simulated processing step (PROCESSING_DELAY_MS) and then POST /api/credits/purchase.
 * Callers show the toasts; the caches are refreshed here on success.
 */
export function usePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PurchaseBody) => {
      await delay(PROCESSING_DELAY_MS);
      // 202: the organisation's policy sent it to an approver (issue 30 item 3); nothing was bought yet.
      return apiJson<PurchaseResponse | PendingApproval>('POST', '/api/credits/purchase', body);
    },
    // Refetches run in the background: the processing dialog should not wait for them.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/approvals'] });
      for (const queryKey of PURCHASE_INVALIDATES) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    },
    // The price or availability may have moved under the user; show the current catalogue.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/projects'] });
    },
  });
}
