import { useQuery } from '@tanstack/react-query';
import type { VerifyResponse } from '@/shared/schemas/certificate';
import { apiJson } from '@/client/lib/api';

/** GET /api/verify for a certificate id or serial number, and optionally a digest printed on a document. */
export function useVerify(query: string, digest: string) {
  return useQuery<VerifyResponse>({
    queryKey: ['/api/verify', query, digest],
    queryFn: () => {
      const params = new URLSearchParams({ query, ...(digest ? { digest } : {}) });
      return apiJson<VerifyResponse>('GET', `/api/verify?${params}`);
    },
    enabled: query.trim() !== '',
    // Verification answers change when a holding is retired; a search should show the current registry.
    staleTime: 0,
  });
}
