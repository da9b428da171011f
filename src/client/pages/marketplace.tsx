import { useMemo, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { ProcessingDialog } from '@/client/components/processing-dialog';
import { RetirementDoneDialog } from '@/client/components/retirement-done-dialog';
import { Button } from '@/client/components/ui/button';
import { BuyDialog } from '@/client/features/marketplace/components/buy-dialog';
import { MarketplaceFilters } from '@/client/features/marketplace/components/marketplace-filters';
import { MarketplaceStatusBanner } from '@/client/features/marketplace/components/marketplace-status-banner';
import { ProjectCard } from '@/client/features/marketplace/components/project-card';
import { ProjectGridEmpty, ProjectGridError, ProjectGridLoading } from '@/client/features/marketplace/components/project-grid-states';
import { DEFAULT_FILTERS, filterProjects, hasActiveFilters, type ProjectFilters } from '@/client/features/marketplace/hooks/filter-projects';
import { sortProjects, type ProjectSort } from '@/client/features/marketplace/hooks/sort-projects';
import { useBuyFlow } from '@/client/features/marketplace/hooks/use-buy-flow';
import { useProjects } from '@/client/features/marketplace/hooks/use-projects';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { formatInteger } from '@/client/lib/format';

/** Project cards shown at first and added by each Load More Credits. */
const PAGE_SIZE = 9;

/** SPEC.md §2 Marketplace: filters, status banner, project cards and the buy flow. */
export function MarketplacePage() {
  useDocumentTitle('Marketplace');
  const { user } = useAuth();
  const projects = useProjects();
  const [filters, setFiltersState] = useState<ProjectFilters>(DEFAULT_FILTERS);
  const [shownCount, setShownCount] = useState(PAGE_SIZE);
  const [sort, setSortState] = useState<ProjectSort>('featured');
  const matching = useMemo(() => sortProjects(filterProjects(projects.data ?? [], filters), sort), [projects.data, filters, sort]);
  const visible = matching.slice(0, shownCount);
  // New filters start again from the first page.
  const setFilters = (next: ProjectFilters) => {
    setFiltersState(next);
    setShownCount(PAGE_SIZE);
  };
  const setSort = (next: ProjectSort) => {
    setSortState(next);
    setShownCount(PAGE_SIZE);
  };
  const buy = useBuyFlow(projects.data, user !== null);
  const projectCount = projects.data?.length ?? 0;

  return (
    <PageContainer className="space-y-6">
      <PageHeader
        title="Carbon Credit Marketplace"
        description={
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <ShieldCheck className="size-4 text-emerald-700" aria-hidden="true" />
            {projects.isLoading ? 'Loading verified projects…' : `${formatInteger(projectCount)} verified projects`}
            <span className="hidden text-slate-400 sm:inline" aria-hidden="true">
              ·
            </span>
            <span>Verra VCS, Gold Standard, CAR and CDM</span>
          </span>
        }
      />
      <MarketplaceFilters filters={filters} onChange={setFilters} sort={sort} onSortChange={setSort} matchingCount={matching.length} />
      {projects.data && <MarketplaceStatusBanner loadedCount={projectCount} shownCount={matching.length} />}
      <section aria-labelledby="projects-heading">
        <h2 id="projects-heading" className="sr-only">
          Projects
        </h2>
        {projects.isLoading ? (
          <ProjectGridLoading />
        ) : projects.isError ? (
          <ProjectGridError onRetry={() => void projects.refetch()} retrying={projects.isFetching} />
        ) : visible.length === 0 ? (
          <ProjectGridEmpty onClearFilters={hasActiveFilters(filters) ? () => setFilters(DEFAULT_FILTERS) : undefined} />
        ) : (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {visible.map((project) => (
              <ProjectCard key={project.id} project={project} onBuy={buy.openFor} />
            ))}
          </div>
        )}
      </section>
      {matching.length > visible.length && (
        <div className="flex flex-col items-center gap-2 pt-2">
          {/* Issue #18: pages through the matching projects instead of looking live and doing nothing. */}
          <Button variant="outline" size="lg" onClick={() => setShownCount((count) => count + PAGE_SIZE)}>
            Load More Credits
          </Button>
          <p className="text-xs text-muted-foreground">Showing {visible.length} of {matching.length}</p>
        </div>
      )}
      <BuyDialog
        project={buy.project}
        open={buy.dialogOpen}
        onOpenChange={buy.setDialogOpen}
        quantityText={buy.quantityText}
        onQuantityTextChange={buy.setQuantityText}
        retireImmediately={buy.retireImmediately}
        onRetireImmediatelyChange={buy.setRetireImmediately}
        claim={buy.claim}
        cashBalance={user?.cashBalance ?? null}
        onPay={buy.pay}
      />
      <ProcessingDialog
        open={buy.processing}
        title="Processing Transaction"
        description="Confirming your purchase on the blockchain. This takes a few seconds."
      />
      <RetirementDoneDialog certificateId={buy.retired?.certificateId ?? null} quantity={buy.retired?.quantity ?? 0} onClose={buy.closeRetired} />
    </PageContainer>
  );
}
