import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../src/client/lib/query-client';
import { Toaster } from '../src/client/components/ui/toaster';
import { PageContainer, PageHeader } from '../src/client/components/page-container';
import { LiquidityPoolTab } from '../src/client/features/pools/components/liquidity-pool-tab';
import './preview.css';

const projectId = Number(new URLSearchParams(location.search).get('p') ?? 1);
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <PageContainer className="space-y-6">
      <PageHeader title="Liquidity Pool preview" />
      <LiquidityPoolTab projectId={projectId} />
    </PageContainer>
    <Toaster />
  </QueryClientProvider>,
);
