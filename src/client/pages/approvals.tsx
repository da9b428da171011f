import { PageContainer, PageHeader } from '@/client/components/page-container';
import { PageSkeleton } from '@/client/components/page-skeleton';
import { ApprovalsInbox } from '@/client/features/approvals/components/approvals-inbox';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

/** Issue 30 item 3: the active organisation's approval requests. */
export function ApprovalsPage() {
  useDocumentTitle('Approvals');
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSkeleton />;
  return (
    <PageContainer className="space-y-6">
      <PageHeader eyebrow="Organisation" title="Approvals" description="Purchases, orders and retirements over your organisation’s thresholds wait here for an approver." />
      {user ? <ApprovalsInbox /> : <p className="text-sm text-muted-foreground">Sign in to see your organisation’s approvals.</p>}
    </PageContainer>
  );
}
