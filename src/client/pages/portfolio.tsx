import { useMemo } from 'react';
import { Flame, History, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { ProcessingDialog } from '@/client/components/processing-dialog';
import { RetirementDoneDialog } from '@/client/components/retirement-done-dialog';
import { Button } from '@/client/components/ui/button';
import { loadFailure } from '@/client/components/load-error';
import { Skeleton } from '@/client/components/ui/skeleton';
import { EsgExportCard } from '@/client/features/portfolio/components/esg-export-card';
import { ReportingCard } from '@/client/features/portfolio/components/reporting-card';
import { HoldingsTable } from '@/client/features/portfolio/components/holdings-table';
import { PortfolioSignIn } from '@/client/features/portfolio/components/portfolio-sign-in';
import { PortfolioSummary } from '@/client/features/portfolio/components/portfolio-summary';
import { RetireDialog } from '@/client/features/portfolio/components/retire-dialog';
import { RetirementHistory } from '@/client/features/portfolio/components/retirement-history';
import { withVintages } from '@/client/features/portfolio/components/credit-label';
import { useProjects } from '@/client/features/marketplace/hooks/use-projects';
import { usePortfolioData } from '@/client/features/portfolio/hooks/use-portfolio-data';
import { useRetireFlow } from '@/client/features/portfolio/hooks/use-retire-flow';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

/** SPEC.md §2 Portfolio: holdings, retirements and certificates of the signed-in user. */
export function PortfolioPage() {
  useDocumentTitle('Portfolio');
  const { user, isAuthenticated, isLoading } = useAuth();
  const { holdings, retirements, stats, lastRetirement } = usePortfolioData(isAuthenticated);
  const projects = useProjects();
  // Rows are named by project and vintage; the vintage comes from the (cached) catalogue.
  const holdingList = useMemo(() => withVintages(holdings.credits, projects.data), [holdings.credits, projects.data]);
  const retiredList = useMemo(() => withVintages(retirements.credits, projects.data), [retirements.credits, projects.data]);
  const flow = useRetireFlow(user, projects.data);
  return (
    <PageContainer className="space-y-6">
      <PageHeader
        title="Portfolio"
        description="Manage your carbon credit holdings and retirement history"
        actions={
          isAuthenticated && (
            <>
              <Button variant="outline" asChild>
                <Link href="/activity">
                  <History aria-hidden="true" />
                  Activity
                </Link>
              </Button>
              <Button variant="outline" asChild>
                <Link href="/verify">
                  <ShieldCheck aria-hidden="true" />
                  Verify
                </Link>
              </Button>
              <Button onClick={() => flow.openFor()}>
                <Flame aria-hidden="true" />
                Retire Credits
              </Button>
            </>
          )
        }
      />
      {isLoading ? (
        <Skeleton className="h-64 w-full rounded-xl" />
      ) : !isAuthenticated ? (
        <PortfolioSignIn />
      ) : (
        <>
          <PortfolioSummary
            stats={stats.data ?? null}
            lastCertificateId={lastRetirement.data ?? null}
            loading={stats.isLoading}
          />
          <HoldingsTable
            credits={holdingList}
            more={holdings.more}
            loading={holdings.query.isLoading}
            failure={loadFailure(holdings.query)}
            onRetire={flow.openFor}
          />
          <RetirementHistory retired={retiredList} more={retirements.more} loading={retirements.query.isLoading} failure={loadFailure(retirements.query)} />
          <EsgExportCard />
          <ReportingCard />
          <RetireDialog flow={flow} />
          <ProcessingDialog
            open={flow.pending}
            title="Retiring Credits"
            description="Recording the retirement and issuing your certificate…"
          />
          <RetirementDoneDialog certificateId={flow.done?.certificateId ?? null} quantity={flow.done?.quantity ?? 0} onClose={flow.closeDone} />
        </>
      )}
    </PageContainer>
  );
}
