import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { PriceInterval } from '../../shared/constants';
import { PageContainer, PageHeader } from '../components/page-container';
import { MarketStatCards } from '../features/trading/components/market-stat-cards';
import { MarketTabs } from '../features/trading/components/market-tabs';
import { OrderPanel } from '../features/trading/components/order-panel';
import { PairSelector } from '../features/trading/components/pair-selector';
import { PriceChart } from '../features/trading/components/price-chart';
import { useMarketStream } from '../features/trading/hooks/use-market-stream';
import { availableTonnes, useMyCredits } from '../features/trading/hooks/use-my-trading';
import { useProjects } from '../features/marketplace/hooks/use-projects';
import { LiquidityPoolTab } from '../features/pools/components/liquidity-pool-tab';
import { useAuth } from '../hooks/use-auth';
import { useDocumentTitle } from '../hooks/use-document-title';

/**
 * `/trading` — SPEC.md §2 Advanced Trading: pair selector, market stats, price chart, the Place Order panel and the
 * Order Book / Recent Trades / My Orders tabs, kept live by the project's event stream.
 */
export function TradingPage() {
  useDocumentTitle('Advanced Trading');
  const { user } = useAuth();
  const projects = useProjects();
  const [projectId, setProjectId] = useState<number | null>(null);
  // `/trading?project=ID` (the project page's Trade action) opens that pair.
  const wantedProjectId = Number(new URLSearchParams(useSearch()).get('project'));
  const [interval, setChartInterval] = useState<PriceInterval>('1h');
  const credits = useMyCredits(user !== null);

  // The first project is selected once the catalogue arrives.
  useEffect(() => {
    if (projectId === null && projects.data && projects.data.length > 0) setProjectId((projects.data.find((project) => project.id === wantedProjectId) ?? projects.data[0]).id);
  }, [projectId, projects.data, wantedProjectId]);
  useMarketStream(projectId);

  return (
    <PageContainer className="space-y-6">
      <PageHeader title="Advanced Trading" description="Limit and market orders, the live order book and price history of every verified project." />
      <PairSelector projects={projects.data ?? []} projectId={projectId} onChange={setProjectId} />
      <MarketStatCards projectId={projectId} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <PriceChart projectId={projectId} interval={interval} onIntervalChange={setChartInterval} />
        </div>
        <OrderPanel
          projectId={projectId}
          signedIn={user !== null}
          cashBalance={user?.cashBalance ?? null}
          availableCredits={availableTonnes(credits.data, projectId)}
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
