import { LogIn, ShieldCheck } from 'lucide-react';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { PageSkeleton } from '@/client/components/page-skeleton';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { SessionsCard } from '@/client/features/account-security/components/sessions-card';
import { TwoFactorCard } from '@/client/features/account-security/components/two-factor-card';
import { ApiKeysCard } from '@/client/features/developers/components/api-keys-card';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { useSignInHref } from '@/client/hooks/use-sign-in-href';

/** Issue 30, item 5: how the account signs in (two-factor), where it is signed in, and the keys that act for it. */
export function SecurityPage() {
  const signInHref = useSignInHref();
  useDocumentTitle('Security');
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSkeleton />;
  return (
    <PageContainer className="space-y-6">
      <PageHeader eyebrow="Account" title="Security" description="Two-factor sign-in, your signed-in sessions and your API keys." />
      {user ? (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <div className="space-y-6">
            <TwoFactorCard />
            <SessionsCard />
          </div>
          <ApiKeysCard />
        </div>
      ) : (
        <Card className="flex flex-col items-center gap-4 px-6 py-16 text-center">
          <ShieldCheck className="size-8 text-emerald-700" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-slate-900">Sign in to manage your account's security</h2>
          <Button asChild>
            <a href={signInHref}><LogIn aria-hidden="true" /> Sign In</a>
          </Button>
        </Card>
      )}
    </PageContainer>
  );
}
