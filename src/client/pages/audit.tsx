import { ChevronLeft, ChevronRight, LogIn, ScrollText } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { LoadError, loadFailure } from '@/client/components/load-error';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { PageSkeleton } from '@/client/components/page-skeleton';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { AuditFilters } from '@/client/features/audit/components/audit-filters';
import { AuditTable } from '@/client/features/audit/components/audit-table';
import { VerifyChainCard } from '@/client/features/audit/components/verify-chain-card';
import { useAuditLog } from '@/client/features/audit/hooks/use-audit';
import { auditQueryString, readAuditParams, type AuditParams } from '@/client/features/audit/lib/audit-params';
import { useActiveOrganisation } from '@/client/features/organisations/hooks/use-organisations';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { useSignInHref } from '@/client/hooks/use-sign-in-href';
import { pluralize } from '@/client/lib/format';

/** Owners, admins and approvers read the audit log (route-rules.ts); others see why not. */
const AUDIT_ROLES = new Set(['owner', 'admin', 'approver']);

function Notice({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-16 text-center">
      <ScrollText className="size-8 text-emerald-700" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

function AuditLog() {
  const [location, navigate] = useLocation();
  const params = readAuditParams(useSearch());
  const log = useAuditLog(params, true);
  const show = (next: AuditParams) => {
    const query = auditQueryString(next);
    navigate(`${location}${query ? `?${query}` : ''}`, { replace: true });
  };
  const data = log.data ?? null;
  return (
    <>
      <VerifyChainCard />
      <AuditFilters params={params} onChange={show} />
      <section aria-labelledby="audit-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">Entries</h2>
          {data && (
            <p className="text-sm text-muted-foreground" data-testid="audit-count">
              {data.total === 0 ? 'None' : `${pluralize(data.total, 'entry', 'entries')} · page ${data.page} of ${Math.max(data.pageCount, 1)}`}
            </p>
          )}
        </div>
        {log.isLoading ? (
          <div className="space-y-2" aria-hidden="true">{Array.from({ length: 5 }, (_, index) => <Skeleton key={index} className="h-10 w-full rounded-lg" />)}</div>
        ) : log.isError ? (
          <LoadError message="The audit log could not be loaded." failure={loadFailure(log)!} />
        ) : (
          <AuditTable entries={data?.items ?? []} />
        )}
        {data && data.pageCount > 1 && (
          <nav aria-label="Pages" className="flex items-center justify-between gap-2 pt-1">
            <Button variant="outline" disabled={params.page <= 1} onClick={() => show({ ...params, page: params.page - 1 })}>
              <ChevronLeft aria-hidden="true" /> Previous
            </Button>
            <span className="text-sm text-muted-foreground tabular">Page {data.page} of {data.pageCount}</span>
            <Button variant="outline" disabled={params.page >= data.pageCount} onClick={() => show({ ...params, page: params.page + 1 })}>
              Next <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        )}
      </section>
    </>
  );
}

/** `/audit` (issue 30 item 4): the organisation's tamper-evident log, filtered, paged, as CSV, and its chain verified. */
export function AuditPage() {
  useDocumentTitle('Audit log');
  const { user, isLoading } = useAuth();
  const signInHref = useSignInHref();
  const { organisation } = useActiveOrganisation();
  if (isLoading || (user && organisation.isLoading)) return <PageSkeleton />;
  const role = organisation.data?.role;
  return (
    <PageContainer className="space-y-6">
      <PageHeader eyebrow="Organisation" title="Audit log" description="Every state-changing action of the active organisation: who, what, its target, and from where." />
      {!user ? (
        <Notice title="Sign in to see the audit log">
          <Button asChild><a href={signInHref}><LogIn aria-hidden="true" /> Sign In</a></Button>
        </Notice>
      ) : role && !AUDIT_ROLES.has(role) ? (
        <Notice title={`Your role (${role}) cannot read this organisation’s audit log`} />
      ) : (
        <AuditLog />
      )}
    </PageContainer>
  );
}
