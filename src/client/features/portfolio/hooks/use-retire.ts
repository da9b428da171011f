import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROCESSING_DELAY_MS } from '@/shared/constants';
import type { RetireBody, RetireResponse } from '@/shared/schemas/certificate';
import type { PendingApproval } from '@/shared/schemas/approval';
import { apiJson } from '@/client/lib/api';
import { delay } from '@/client/lib/delay';
import { PORTFOLIO_KEYS } from './use-portfolio-data';

export interface RetireRequest extends RetireBody {
  creditId: number;
}

/** What a retirement changes: holdings, stats (owned/retired), history, and the platform's tonnes offset. */
const RETIRE_INVALIDATES = [PORTFOLIO_KEYS.credits, PORTFOLIO_KEYS.stats, PORTFOLIO_KEYS.transactions, ['/api/stats/platform']] as const;

/** SPEC.md §4 retire flow: the simulated processing step, then POST /api/credits/{creditId}/retire. */
export function useRetire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ creditId, ...body }: RetireRequest) => {
      await delay(PROCESSING_DELAY_MS);
      // 202: the organisation's policy sent it to an approver (issue 30 item 3); nothing was retired yet.
      return apiJson<RetireResponse | PendingApproval>('POST', `/api/credits/${creditId}/retire`, body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/approvals'] });
      for (const queryKey of RETIRE_INVALIDATES) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    },
    // The holding may have changed under the user (retired in another tab): show the current state.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: [...PORTFOLIO_KEYS.credits] });
    },
  });
}
