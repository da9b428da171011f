import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '@/shared/schemas/developer';
import { apiJson } from '@/client/lib/api';

const ENDPOINTS = ['/api/developers/webhooks'] as const;
/** The delivery log refreshes while it is open, so attempts and retries show as they happen. */
const DELIVERY_REFRESH_MS = 3000;

export function useWebhookEndpoints() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...ENDPOINTS] });
  const endpoints = useQuery<WebhookEndpoint[]>({ queryKey: [...ENDPOINTS] });
  const create = useMutation({
    mutationFn: (body: { url: string; events: WebhookEvent[] }) => apiJson<CreatedWebhookEndpoint>('POST', '/api/developers/webhooks', body),
    onSuccess: refresh,
  });
  const disable = useMutation({
    mutationFn: (id: number) => apiJson<WebhookEndpoint>('DELETE', `/api/developers/webhooks/${id}`),
    onSuccess: refresh,
  });
  return { endpoints, create, disable };
}

export function useWebhookDeliveries(endpointId: number) {
  const queryClient = useQueryClient();
  const key = ['/api/developers/webhooks', endpointId, 'deliveries'];
  const deliveries = useQuery<WebhookDelivery[]>({ queryKey: key, refetchInterval: DELIVERY_REFRESH_MS });
  const resend = useMutation({
    mutationFn: (deliveryId: number) => apiJson<WebhookDelivery>('POST', `/api/developers/webhooks/${endpointId}/deliveries/${deliveryId}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { deliveries, resend };
}
