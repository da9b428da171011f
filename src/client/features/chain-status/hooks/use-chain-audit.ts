import { useQuery } from '@tanstack/react-query';
import type { ChainAuditResponse } from '@/shared/schemas/chain-audit';
import { apiJson } from '@/client/lib/api';

/** GET /api/chain/audit, refreshed every 15 s while the page is open (the server caches it for a few seconds). */
export function useChainAudit() {
  return useQuery<ChainAuditResponse>({
    queryKey: ['/api/chain/audit'],
    queryFn: () => apiJson<ChainAuditResponse>('GET', '/api/chain/audit'),
    refetchInterval: 15_000,
    retry: false,
  });
}
