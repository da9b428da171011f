import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { useActiveOrganisation } from '@/client/features/organisations/hooks/use-organisations';

/** The organisation being acted for: its profile, the caller's role, and (owners and admins) its two-factor policy. */
export function OrganisationProfileCard() {
  const { organisation, canManageMembers, update } = useActiveOrganisation();
  const profile = organisation.data;
  if (!profile) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
          {profile.name}
          {profile.personal && <Badge variant="secondary">Personal</Badge>}
          <Badge variant="outline">Your role: {profile.role}</Badge>
        </CardTitle>
        <CardDescription>
          {profile.personal ? 'Your own account. Create an organisation to work with others.' : 'Everything you do here belongs to this organisation.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Legal name</dt><dd>{profile.legalName ?? '—'}</dd>
          <dt className="text-muted-foreground">Country</dt><dd>{profile.country ?? '—'}</dd>
          <dt className="text-muted-foreground">LEI</dt><dd className={profile.lei ? 'font-mono' : undefined}>{profile.lei ?? '—'}</dd>
        </dl>
        {!profile.personal && canManageMembers && (
          <label className="flex items-center gap-2">
            <input type="checkbox" className="size-4" checked={profile.requireTwoFactor} disabled={update.isPending}
              onChange={(event) => update.mutate({ requireTwoFactor: event.target.checked }, {
                onError: (error) => toast({ variant: 'destructive', title: 'Setting Not Changed', description: errorMessage(error) }),
              })} />
            Require two-factor sign-in of every member
          </label>
        )}
      </CardContent>
    </Card>
  );
}
