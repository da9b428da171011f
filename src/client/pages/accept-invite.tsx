import { Building2, LogIn } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { InvitePreview } from '@/shared/schemas/organisation';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { PageSkeleton } from '@/client/components/page-skeleton';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { useOrganisations } from '@/client/features/organisations/hooks/use-organisations';
import { useAcceptInvite } from '@/client/features/organisations/hooks/use-accept-invite';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { useSignInHref } from '@/client/hooks/use-sign-in-href';

function InviteCard({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const preview = useQuery<InvitePreview>({ queryKey: ['/api/invites', token], retry: false });
  const accept = useAcceptInvite();
  const { activate } = useOrganisations();
  if (preview.isLoading) return <PageSkeleton />;
  if (preview.error || !preview.data) {
    return <Card role="alert" className="p-6 text-sm text-red-700">This invite cannot be opened: {errorMessage(preview.error)}</Card>;
  }
  const join = () => accept.mutate(token, {
    onSuccess: (organisation) => activate.mutate(organisation.id, {
      onSuccess: () => {
        toast({ title: 'Invite Accepted', description: `You now act for ${organisation.name} as ${organisation.role}` });
        navigate('/organisation');
      },
    }),
    onError: (error) => toast({ variant: 'destructive', title: 'Invite Not Accepted', description: errorMessage(error) }),
  });
  return (
    <Card className="flex flex-col items-start gap-4 p-6">
      <Building2 className="size-8 text-emerald-700" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-slate-900">Join {preview.data.organisationName} as {preview.data.role}</h2>
      <p className="text-sm text-muted-foreground">The invite is for {preview.data.email}.</p>
      <Button type="button" onClick={join} disabled={accept.isPending || activate.isPending}>Accept invite</Button>
    </Card>
  );
}

/** Where an invite link leads: sign in with the invited address, then accept. */
export function AcceptInvitePage({ params }: { params: { token: string } }) {
  const signInHref = useSignInHref();
  useDocumentTitle('Invite');
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSkeleton />;
  return (
    <PageContainer className="space-y-6">
      <PageHeader eyebrow="Organisation" title="You are invited" description="Members act for an organisation with the role they were given." />
      {user ? <InviteCard token={params.token} /> : (
        <Card className="flex flex-col items-center gap-4 px-6 py-16 text-center">
          <h2 className="text-lg font-semibold text-slate-900">Sign in with the invited address to accept</h2>
          <Button asChild><a href={signInHref}><LogIn aria-hidden="true" /> Sign In</a></Button>
        </Card>
      )}
    </PageContainer>
  );
}
