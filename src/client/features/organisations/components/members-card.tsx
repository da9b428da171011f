import { useState } from 'react';
import { formatCents } from '@/domain/money';
import { ORGANISATION_ROLES, type Member, type OrganisationRole } from '@/shared/schemas/organisation';
import { Input } from '@/client/components/ui/input';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { formatDate, formatUsdCents, toCents } from '@/client/lib/format';
import { useActiveOrganisation } from '@/client/features/organisations/hooks/use-organisations';

export const ROLE_HINTS: Record<OrganisationRole, string> = {
  owner: 'everything', admin: 'members, keys, settings', trader: 'buy, orders, swaps, pools', retirer: 'retire', approver: 'approvals', viewer: 'read only',
};

/** Dollars typed for a member's own daily limit: cents, null for blank (the policy's limit), or an error message. */
export function parseSpendLimit(typed: string): { cents: number | null } | { error: string } {
  if (typed.trim() === '') return { cents: null };
  const cents = toCents(typed.trim().replace(/^\$/, ''));
  if (cents === null || cents < 0n) return { error: 'Enter an amount in dollars, e.g. 2500.00, or leave it blank for the policy’s limit' };
  return { cents: Number(cents) };
}

/** A member's own daily spend limit, typed in dollars; blank means the approval policy's limit applies. */
function SpendLimitControl({ member }: { member: Member }) {
  const { setSpendLimit } = useActiveOrganisation();
  const shown = member.dailySpendLimitCents === null ? '' : formatCents(BigInt(member.dailySpendLimitCents));
  const [typed, setTyped] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const parsed = parseSpendLimit(typed);
    if ('error' in parsed) { setProblem(parsed.error); return; }
    setProblem(null);
    setSpendLimit.mutate({ userId: member.userId, dailySpendLimitCents: parsed.cents }, {
      onError: (error) => setProblem(errorMessage(error)),
    });
  };
  return (
    <form className="flex flex-col gap-1" onSubmit={(event) => { event.preventDefault(); save(); }}>
      <div className="flex items-center gap-2">
        <Input aria-label={`Daily spend limit of ${member.email} in dollars`} placeholder="Policy’s limit" inputMode="decimal" className="h-9 w-32"
          value={typed} aria-invalid={problem !== null} onChange={(event) => setTyped(event.target.value)} />
        <Button type="submit" size="sm" variant="outline" disabled={setSpendLimit.isPending}>Set limit</Button>
      </div>
      {problem ? <p role="alert" className="text-xs text-destructive">{problem}</p> : null}
    </form>
  );
}

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
                  <SpendLimitControl member={member} />
                  <Button type="button" size="sm" variant="outline" aria-label={`Remove ${member.email}`} disabled={removeMember.isPending}
                    onClick={() => removeMember.mutate(member.userId, { onError: refused('Member Not Removed') })}>
                    Remove
                  </Button>
                </>
              ) : (
                <>
                  {member.dailySpendLimitCents !== null ? <span className="text-xs text-muted-foreground">limit {formatUsdCents(BigInt(member.dailySpendLimitCents))}/day</span> : null}
                  <Badge variant="outline">{member.role}</Badge>
                </>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
