import { RotateCw } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { formatDate, pluralize } from '@/client/lib/format';
import { useWebhookDeliveries } from '@/client/features/developers/hooks/use-webhooks';

const STATUS_VARIANT = { delivered: 'success', pending: 'warning', failed: 'destructive' } as const;

/** The endpoint's latest deliveries: event, status, attempts, last answer and latency, with resend. */
export function DeliveryLog({ endpointId, canResend }: { endpointId: number; canResend: boolean }) {
  const { deliveries, resend } = useWebhookDeliveries(endpointId);
  if (deliveries.isLoading) return <p className="text-xs text-muted-foreground">Loading deliveries…</p>;
  if (!deliveries.data?.length) return <p className="text-xs text-muted-foreground">No deliveries yet.</p>;
  return (
    <ul className="space-y-1.5 rounded-md bg-slate-50 p-2" aria-label="Delivery log">
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <span className="font-mono text-slate-900">{delivery.eventType}</span>
          <Badge variant={STATUS_VARIANT[delivery.status]}>{delivery.status}</Badge>
          <span className="text-muted-foreground">
            {pluralize(delivery.attempts, 'attempt')}
            {delivery.lastStatusCode !== null && ` · HTTP ${delivery.lastStatusCode}`}
            {delivery.lastLatencyMs !== null && ` · ${delivery.lastLatencyMs} ms`}
            {delivery.lastError && delivery.lastStatusCode === null && ` · ${delivery.lastError}`}
          </span>
          <span className="text-muted-foreground">{formatDate(delivery.createdAt)}</span>
          {canResend && (
            <Button type="button" size="sm" variant="ghost" className="ml-auto h-7" disabled={resend.isPending}
              onClick={() => resend.mutate(delivery.id, {
                onSuccess: () => toast({ title: 'Delivery Queued', description: `${delivery.eventType} will be sent again` }),
                onError: (error) => toast({ variant: 'destructive', title: 'Resend Failed', description: errorMessage(error) }),
              })}>
              <RotateCw aria-hidden="true" /> Resend
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
