import { ORGANISATION_ROLES, type OrganisationRole } from '@/shared/schemas/organisation';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format';
import { useActiveOrganisation } from '@/client/features/organisations/hooks/use-organisations';

export const ROLE_HINTS: Record<OrganisationRole, string> = {
  owner: 'everything', admin: 'members, keys, settings', trader: 'buy, orders, swaps, pools', retirer: 'retire', approver: 'approvals', viewer: 'read only',
};

/** The active organisation's members; owners and admins change roles and remove members. */
export function MembersCard() {
  const { organisation, canManageMembers, members, changeRole, removeMember } = useActiveOrganisation();
  const editable = canManageMembers && organisation.data?.personal === false;
  const refused = (title: string) => (error: unknown) => toast({ variant: 'destructive', title, description: errorMessage(error) });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Members</CardTitle>
        <CardDescription>Each role decides what its members may do here.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Members">
          {members.data?.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate font-medium text-slate-900">{member.firstName}</p>
                <p className="truncate text-xs text-muted-foreground">{member.email} · joined {formatDate(member.joinedAt)}</p>
              </div>
              {editable ? (
                <>
                  <select aria-label={`Role of ${member.email}`} value={member.role} disabled={changeRole.isPending}
                    className="h-9 rounded-md border border-input bg-white px-2 text-sm"
                    onChange={(event) => changeRole.mutate({ userId: member.userId, role: event.target.value as OrganisationRole }, { onError: refused('Role Not Changed') })}>
                    {ORGANISATION_ROLES.map((role) => <option key={role} value={role}>{role} — {ROLE_HINTS[role]}</option>)}
                  </select>
                  <Button type="button" size="sm" variant="outline" aria-label={`Remove ${member.email}`} disabled={removeMember.isPending}
                    onClick={() => removeMember.mutate(member.userId, { onError: refused('Member Not Removed') })}>
                    Remove
                  </Button>
                </>
              ) : (
                <Badge variant="outline">{member.role}</Badge>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
