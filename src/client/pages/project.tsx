import { ArrowLeft, CandlestickChart, MapPin, ShoppingCart } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { PROJECT_TYPE_LABELS, STANDARD_LABELS } from '@/shared/constants';
import { IntegrityBadges } from '@/client/components/integrity/integrity-badges';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { PageSkeleton } from '@/client/components/page-skeleton';
import { ProcessingDialog } from '@/client/components/processing-dialog';
import { RetirementDoneDialog } from '@/client/components/retirement-done-dialog';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { BuyDialog } from '@/client/features/marketplace/components/buy-dialog';
import { useBuyFlow } from '@/client/features/marketplace/hooks/use-buy-flow';
import { MrvSummary } from '@/client/features/projects/components/mrv-summary';
import { PriceHistory } from '@/client/features/projects/components/price-history';
import { ProjectAttributes } from '@/client/features/projects/components/project-attributes';
import { ProjectMap } from '@/client/features/projects/components/project-map';
import { SerialBlocks } from '@/client/features/projects/components/serial-blocks';
import { useDailyPrices, useProjectDetails } from '@/client/features/projects/hooks/use-project-details';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { formatUsd, pluralize } from '@/client/lib/format';
import { NotFoundPage } from './not-found';

/** /projects/:id — everything a buyer checks before buying: labels, location, serials, MRV, prices; then Buy or Trade. */
export function ProjectPage() {
  const params = useParams<{ id: string }>();
  const projectId = Number(params.id);
  const { user } = useAuth();
  const details = useProjectDetails(projectId);
  const prices = useDailyPrices(projectId);
  const project = details.data?.project;
  const buy = useBuyFlow(project ? [project] : undefined, user !== null);
  useDocumentTitle(project?.name ?? 'Project');
  if (details.isLoading) return <PageSkeleton />;
  if (!details.data || !project) return <NotFoundPage />;
  const { serials, mrv } = details.data;

  return (
    <PageContainer className="space-y-6">
      <Link href="/marketplace" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Marketplace
      </Link>
      <PageHeader
        eyebrow={`${STANDARD_LABELS[project.standard]} · ${PROJECT_TYPE_LABELS[project.projectType]} · vintage ${project.vintageYear}`}
        title={project.name}
        description={<span className="inline-flex items-center gap-1"><MapPin className="size-4" aria-hidden="true" />{project.country} · serials {project.serialPrefix}</span>}
        actions={
          <>
            <Button onClick={() => buy.openFor(project)} disabled={project.availableCredits < 1}>
              <ShoppingCart aria-hidden="true" /> {project.availableCredits < 1 ? 'Sold Out' : 'Buy Credits'}
            </Button>
            <Button variant="outline" asChild>
              <Link href={`/trading?project=${project.id}`}><CandlestickChart aria-hidden="true" /> Trade</Link>
            </Button>
          </>
        }
      />
      <IntegrityBadges integrity={project.integrity} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-6">
          <Card>
            <CardContent className="space-y-4 pt-5 sm:pt-6">
              <p className="leading-relaxed text-slate-700">{project.description}</p>
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
                <div><dt className="text-xs text-muted-foreground">Price per credit</dt><dd className="font-semibold text-emerald-800 tabular">{formatUsd(project.pricePerCredit)}</dd></div>
                <div><dt className="text-xs text-muted-foreground">Available</dt><dd className="font-semibold tabular">{pluralize(project.availableCredits, 'credit')}</dd></div>
                <div><dt className="text-xs text-muted-foreground">Issued</dt><dd className="font-semibold tabular">{pluralize(project.totalCredits, 'credit')}</dd></div>
              </dl>
            </CardContent>
          </Card>
          <ProjectAttributes integrity={project.integrity} />
          <SerialBlocks serials={serials} />
        </div>
        <div className="min-w-0 space-y-6">
          <ProjectMap latitude={project.latitude} longitude={project.longitude} name={project.name} />
          <PriceHistory candles={prices.data} listPrice={project.pricePerCredit} />
          <MrvSummary mrv={mrv} />
        </div>
      </div>
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
      <ProcessingDialog open={buy.processing} title="Processing Transaction" description="Confirming your purchase on the blockchain. This takes a few seconds." />
      <RetirementDoneDialog certificateId={buy.retired?.certificateId ?? null} quantity={buy.retired?.quantity ?? 0} onClose={buy.closeRetired} />
    </PageContainer>
  );
}
