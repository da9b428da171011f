import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyScope, CreatedApiKey } from '@/shared/schemas/developer';
import { apiJson } from '@/client/lib/api';

const KEYS = ['/api/developers/keys'] as const;

/** The user's API keys, and creating (the answer carries the secret, once) and revoking them. */
export function useApiKeys() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...KEYS] });
  const keys = useQuery<ApiKey[]>({ queryKey: [...KEYS] });
  const create = useMutation({
    mutationFn: (body: { name: string; scopes: ApiKeyScope[] }) => apiJson<CreatedApiKey>('POST', '/api/developers/keys', body),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => apiJson<ApiKey>('DELETE', `/api/developers/keys/${id}`),
    onSuccess: refresh,
  });
  return { keys, create, revoke };
}
