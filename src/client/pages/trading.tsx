import { useState } from 'react';
import { useSearch } from 'wouter';
import type { PriceInterval } from '@/shared/constants';
import { PageContainer } from '@/client/components/page-container';
import { ToggleGroup } from '@/client/components/ui/toggle-group';
import { cn } from '@/client/lib/cn';
import { MarketTabs } from '@/client/features/trading/components/market-tabs';
import { MarketTicker } from '@/client/features/trading/components/market-ticker';
import { OrderBookPanel } from '@/client/features/trading/components/order-book-panel';
import { OrderPanel } from '@/client/features/trading/components/order-panel';
import { PairSelector } from '@/client/features/trading/components/pair-selector';
import { PriceChart } from '@/client/features/trading/components/price-chart';
import { useMarketFeed } from '@/client/features/trading/hooks/use-market-feed';
import { useOrderForm } from '@/client/features/trading/hooks/use-order-form';
import { useProjects } from '@/client/features/marketplace/hooks/use-projects';
import { LiquidityPoolTab } from '@/client/features/pools/components/liquidity-pool-tab';
import { AlertMeButton } from '@/client/features/alerts/components/alert-me-button';
import { useAuth } from '@/client/hooks/use-auth';
import { useProjectTonnes } from '@/client/hooks/use-project-tonnes';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

type PhoneView = 'chart' | 'book';

/**
 * `/trading` — SPEC.md §2 Advanced Trading as a terminal. From 1024 px: pair and ticker strip on one band, then the
 * chart, the always-visible order book and the order entry side by side, recent trades / my orders / pool below.
 * On phones the same pieces stack, with a Chart / Order Book switch so the book is one tap away.
 */
export function TradingPage() {
  useDocumentTitle('Advanced Trading');
  const { user } = useAuth();
  const projects = useProjects();
  const [chosenProjectId, setProjectId] = useState<number | null>(null);
  // `/trading?project=ID` (the project page's Trade action) opens that pair.
  const wantedProjectId = Number(new URLSearchParams(useSearch()).get('project'));
  const [interval, setChartInterval] = useState<PriceInterval>('1h');
  const [phoneView, setPhoneView] = useState<PhoneView>('chart');
  const form = useOrderForm();

  // Until the trader picks a pair: the wanted one, else the first, once the catalogue arrives.
  const projectId = chosenProjectId ?? (projects.data?.find((project) => project.id === wantedProjectId) ?? projects.data?.[0])?.id ?? null;
  useMarketFeed(projectId);
  const tonnes = useProjectTonnes(projectId, user !== null);

  return (
    <PageContainer className="max-w-[1600px] space-y-4 py-4 sm:py-5">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:gap-6">
        <div className="min-w-0 lg:w-[22rem] lg:shrink-0">
          <h1 className="mb-2 text-xl font-bold tracking-tight text-slate-900">Advanced Trading</h1>
          <PairSelector projects={projects.data ?? []} projectId={projectId} onChange={setProjectId} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
          <div className="min-w-0 flex-1">
            <MarketTicker projectId={projectId} />
          </div>
          {user && <AlertMeButton className="self-end sm:self-auto" projectId={projectId} projectName={projects.data?.find((project) => project.id === projectId)?.name} />}
        </div>
      </div>
      <ToggleGroup<PhoneView>
        label="Market view"
        className="lg:hidden"
        value={phoneView}
        onValueChange={setPhoneView}
        options={[{ value: 'chart', label: 'Chart' }, { value: 'book', label: 'Order Book' }]}
      />
      {/* 1024 px: chart | book over order entry. 1280 px: chart | book | order entry, all in one row. The chart
          stretches to the row's height, so a taller book and order entry leave no empty space under it. */}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_18rem_19rem]">
        <div className={cn('min-w-0 lg:row-span-2 lg:self-stretch xl:row-span-1', phoneView === 'book' && 'hidden lg:block')}>
          <PriceChart projectId={projectId} interval={interval} onIntervalChange={setChartInterval} />
        </div>
        <div className={cn('min-w-0 lg:col-start-2', phoneView === 'chart' && 'hidden lg:block')}>
          <OrderBookPanel projectId={projectId} form={form} />
        </div>
        <OrderPanel
          className="lg:col-start-2 xl:col-start-3 xl:row-start-1"
          projectId={projectId}
          signedIn={user !== null}
          cashBalance={user?.cashBalance ?? null}
          availableCredits={tonnes.data?.activeTonnes ?? 0}
          form={form}
        />
      </div>
      <MarketTabs
        projectId={projectId}
        signedIn={user !== null}
        extraTabs={projectId === null ? [] : [{ value: 'pool', label: 'Liquidity Pool', content: <LiquidityPoolTab projectId={projectId} /> }]}
      />
    </PageContainer>
  );
}
