import { Code2, LogIn } from 'lucide-react';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { PageSkeleton } from '@/client/components/page-skeleton';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { ApiKeysCard } from '@/client/features/developers/components/api-keys-card';
import { WebhooksCard } from '@/client/features/developers/components/webhooks-card';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { useSignInHref } from '@/client/hooks/use-sign-in-href';

/** Issue 14: API keys and webhook endpoints for buying and retiring from one's own systems. */
export function DevelopersPage() {
  const signInHref = useSignInHref();
  useDocumentTitle('Developers');
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSkeleton />;
  return (
    <PageContainer className="space-y-6">
      <PageHeader
        eyebrow="Developers"
        title="API keys and webhooks"
        description={<>Buy, retire and listen from your own systems. The reference is at <a className="font-medium text-emerald-700 underline" href="/api/docs">/api/docs</a>.</>}
      />
      {user ? (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <ApiKeysCard />
          <WebhooksCard />
        </div>
      ) : (
        <Card className="flex flex-col items-center gap-4 px-6 py-16 text-center">
          <Code2 className="size-8 text-emerald-700" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-slate-900">Sign in to manage API keys and webhooks</h2>
          <Button asChild>
            <a href={signInHref}><LogIn aria-hidden="true" /> Sign In</a>
          </Button>
        </Card>
      )}
    </PageContainer>
  );
}
