import { Building2, LogIn, ScrollText } from 'lucide-react';
import { Link } from 'wouter';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { PageSkeleton } from '@/client/components/page-skeleton';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { ApprovalPolicyCard } from '@/client/features/approvals/components/approval-policy-card';
import { CreateOrganisationCard } from '@/client/features/organisations/components/create-organisation-card';
import { InvitesCard } from '@/client/features/organisations/components/invites-card';
import { MembersCard } from '@/client/features/organisations/components/members-card';
import { OrganisationProfileCard } from '@/client/features/organisations/components/organisation-profile-card';
import { useActiveOrganisation } from '@/client/features/organisations/hooks/use-organisations';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { useSignInHref } from '@/client/hooks/use-sign-in-href';

function OrganisationCards() {
  const { organisation, canManageMembers } = useActiveOrganisation();
  // Owners, admins and approvers read the audit log (route-rules.ts).
  const canReadAudit = ['owner', 'admin', 'approver'].includes(organisation.data?.role ?? '');
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
      {canReadAudit && (
        <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5 xl:col-span-2">
          <p className="text-sm text-muted-foreground">Every state-changing action of this organisation is kept in a hash-chained audit log.</p>
          <Button asChild variant="outline"><Link href="/audit"><ScrollText aria-hidden="true" /> Audit log</Link></Button>
        </Card>
      )}
      <OrganisationProfileCard />
      <MembersCard />
      {canManageMembers && organisation.data?.personal === false && <InvitesCard />}
      {organisation.data?.personal === false && <ApprovalPolicyCard canManage={canManageMembers} />}
      <CreateOrganisationCard />
    </div>
  );
}

/** Issue 30: the active organisation's profile, members, roles and invites, and creating another organisation. */
export function OrganisationPage() {
  const signInHref = useSignInHref();
  useDocumentTitle('Organisation');
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSkeleton />;
  return (
    <PageContainer className="space-y-6">
      <PageHeader eyebrow="Organisation" title="Organisation and members" description="Switch organisation in the header; every desk, report and export follows it." />
      {user ? <OrganisationCards /> : (
        <Card className="flex flex-col items-center gap-4 px-6 py-16 text-center">
          <Building2 className="size-8 text-emerald-700" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-slate-900">Sign in to manage your organisations</h2>
          <Button asChild><a href={signInHref}><LogIn aria-hidden="true" /> Sign In</a></Button>
        </Card>
      )}
    </PageContainer>
  );
}
