import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { ORGANISATION_ROLES, type CreatedInvite, type OrganisationRole } from '@/shared/schemas/organisation';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format';
import { useActiveOrganisation } from '@/client/features/organisations/hooks/use-organisations';
import { ShownOnce } from '@/client/components/shown-once';
import { ROLE_HINTS } from './members-card';

/** Invite by e-mail address with a role; pending invites can be revoked. */
export function InvitesCard() {
  const { invites, invite, revokeInvite } = useActiveOrganisation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>('viewer');
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role }, {
      onSuccess: (answer) => { setCreated(answer); setEmail(''); },
      onError: (error) => toast({ variant: 'destructive', title: 'Invite Not Created', description: errorMessage(error) }),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invites</CardTitle>
        <CardDescription>The invited person signs in with that address and opens the link.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Invite a member">
          <div className="min-w-0 flex-1 basis-56 space-y-1.5">
            <Label htmlFor="invite-email">E-mail address</Label>
            <Input id="invite-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} required maxLength={254} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="invite-role">Role</Label>
            <select id="invite-role" value={role} onChange={(event) => setRole(event.target.value as OrganisationRole)} className="h-10 rounded-md border border-input bg-white px-2 text-sm">
              {ORGANISATION_ROLES.map((option) => <option key={option} value={option}>{option} — {ROLE_HINTS[option]}</option>)}
            </select>
          </div>
          <Button type="submit" disabled={invite.isPending || !email.trim()}><Send aria-hidden="true" /> Create invite</Button>
        </form>
        {created && (
          <ShownOnce
            label="Invite link"
            value={`${window.location.origin}${created.link}`}
            notice={`Invite link for ${created.email} (${created.role}): send it yourself; it works once, for 7 days, and is not shown again.`}
            copyLabel="Copy link"
            onDismiss={() => setCreated(null)}
          />
        )}
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Invites">
          {invites.data?.length === 0 && <li className="p-4 text-sm text-muted-foreground">No invites yet.</li>}
          {invites.data?.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate font-medium text-slate-900">{row.email}</p>
                <p className="text-xs text-muted-foreground">{row.role} · expires {formatDate(row.expiresAt)}</p>
              </div>
              {row.acceptedAt ? <Badge variant="secondary">Accepted</Badge> : row.revokedAt ? <Badge variant="secondary">Revoked</Badge> : (
                <Button type="button" size="sm" variant="outline" aria-label={`Revoke invite for ${row.email}`} disabled={revokeInvite.isPending}
                  onClick={() => revokeInvite.mutate(row.id, { onError: (error) => toast({ variant: 'destructive', title: 'Not Revoked', description: errorMessage(error) }) })}>
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
