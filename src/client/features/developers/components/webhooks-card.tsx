import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { WEBHOOK_EVENTS, type CreatedWebhookEndpoint, type WebhookEvent } from '@/shared/schemas/developer';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { useWebhookEndpoints } from '@/client/features/developers/hooks/use-webhooks';
import { ChoiceCheckboxes } from './choice-checkboxes';
import { DeliveryLog } from './delivery-log';
import { ShownOnce } from '@/client/components/shown-once';

/** Webhook endpoints: https URL and events, the signing secret once, and each endpoint's delivery log. */
export function WebhooksCard() {
  const { endpoints, create, disable } = useWebhookEndpoints();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['purchase.completed', 'retirement.completed']);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [openLog, setOpenLog] = useState<number | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ url: url.trim(), events }, {
      onSuccess: (endpoint) => { setCreated(endpoint); setUrl(''); },
      onError: (error) => toast({ variant: 'destructive', title: 'Endpoint Not Added', description: errorMessage(error) }),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Webhooks</CardTitle>
        <CardDescription>Signed per Standard Webhooks (<code className="font-mono text-xs">webhook-signature: v1,…</code>), retried for 24 hours.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="space-y-3" aria-label="Add webhook endpoint">
          <div className="space-y-1.5">
            <Label htmlFor="webhook-url">Endpoint URL</Label>
            <Input id="webhook-url" type="url" inputMode="url" value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://example.com/webhooks/carbon" required />
          </div>
          <ChoiceCheckboxes legend="Events" options={WEBHOOK_EVENTS} chosen={events} onChange={setEvents} />
          <Button type="submit" disabled={create.isPending || !url.trim() || events.length === 0}>
            <Plus aria-hidden="true" /> Add endpoint
          </Button>
        </form>
        {created && <ShownOnce label="Signing secret" value={created.secret} onDismiss={() => setCreated(null)} />}
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Webhook endpoints">
          {endpoints.data?.length === 0 && <li className="p-4 text-sm text-muted-foreground">No endpoints yet.</li>}
          {endpoints.data?.map((endpoint) => (
            <li key={endpoint.id} className="space-y-2 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <p className="min-w-0 flex-1 basis-56 break-all font-mono text-xs text-slate-900">{endpoint.url}</p>
                {endpoint.disabledAt && <Badge variant="secondary">Disabled</Badge>}
                <Button type="button" size="sm" variant="ghost" aria-expanded={openLog === endpoint.id}
                  onClick={() => setOpenLog(openLog === endpoint.id ? null : endpoint.id)}>
                  {openLog === endpoint.id ? 'Hide deliveries' : 'Deliveries'}
                </Button>
                {!endpoint.disabledAt && (
                  <Button type="button" size="sm" variant="outline" disabled={disable.isPending}
                    onClick={() => disable.mutate(endpoint.id, { onError: (error) => toast({ variant: 'destructive', title: 'Not Disabled', description: errorMessage(error) }) })}>
                    Disable
                  </Button>
                )}
              </div>
              <div className="flex flex-wrap gap-1">{endpoint.events.map((event) => <Badge key={event} variant="outline">{event}</Badge>)}</div>
              {openLog === endpoint.id && <DeliveryLog endpointId={endpoint.id} canResend={!endpoint.disabledAt} />}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
