import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { API_KEY_SCOPES, type ApiKeyScope, type CreatedApiKey } from '@/shared/schemas/developer';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format';
import { useApiKeys } from '@/client/features/developers/hooks/use-api-keys';
import { ChoiceCheckboxes } from './choice-checkboxes';
import { ShownOnce } from '@/client/components/shown-once';

const SCOPE_HINTS: Record<ApiKeyScope, string> = { read: 'view', trade: 'buy, orders, swaps, pools', retire: 'retire credits' };

/** Create named keys with scopes (the secret shows once), see each key's use, and revoke it. */
export function ApiKeysCard() {
  const { keys, create, revoke } = useApiKeys();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), scopes }, {
      onSuccess: (key) => { setCreated(key); setName(''); },
      onError: (error) => toast({ variant: 'destructive', title: 'Key Not Created', description: errorMessage(error) }),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">API keys</CardTitle>
        <CardDescription>Send <code className="font-mono text-xs">Authorization: Bearer &lt;key&gt;</code> from your own systems.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="space-y-3" aria-label="Create API key">
          <div className="space-y-1.5">
            <Label htmlFor="api-key-name">Key name</Label>
            <Input id="api-key-name" value={name} onChange={(event) => setName(event.target.value)} placeholder="Finance system" maxLength={100} required />
          </div>
          <ChoiceCheckboxes legend="Scopes" options={API_KEY_SCOPES} chosen={scopes} onChange={setScopes} describe={(scope) => SCOPE_HINTS[scope]} />
          <Button type="submit" disabled={create.isPending || !name.trim() || scopes.length === 0}>
            <Plus aria-hidden="true" /> Create key
          </Button>
        </form>
        {created && <ShownOnce label={`Secret of "${created.name}"`} value={created.secret} onDismiss={() => setCreated(null)} />}
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="API keys">
          {keys.data?.length === 0 && <li className="p-4 text-sm text-muted-foreground">No keys yet.</li>}
          {keys.data?.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate font-medium text-slate-900">{key.name}</p>
                <p className="font-mono text-xs text-muted-foreground">{key.prefix}…</p>
              </div>
              <div className="flex flex-wrap gap-1">
                {key.scopes.map((scope) => <Badge key={scope} variant="outline">{scope}</Badge>)}
              </div>
              <dl className="grid grid-cols-2 gap-x-3 text-xs text-muted-foreground">
                <dt>Created</dt><dd>{formatDate(key.createdAt)}</dd>
                <dt>Last used</dt><dd>{key.lastUsedAt ? formatDate(key.lastUsedAt) : 'Never'}</dd>
              </dl>
              {key.revokedAt ? (
                <Badge variant="secondary">Revoked</Badge>
              ) : (
                <Button type="button" size="sm" variant="outline" aria-label={`Revoke ${key.name}`} disabled={revoke.isPending}
                  onClick={() => revoke.mutate(key.id, { onError: (error) => toast({ variant: 'destructive', title: 'Not Revoked', description: errorMessage(error) }) })}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
