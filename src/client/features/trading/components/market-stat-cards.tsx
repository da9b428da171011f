import { Activity, ArrowLeftRight, BarChart3, ListOrdered } from 'lucide-react';
import { StatCard } from '../../../components/stat-card';
import { formatInteger, formatUsd } from '../../../lib/format';
import { useMarketStats } from '../hooks/use-market-data';

/** SPEC.md §2 stat cards of the selected pair: 24h Volume, 24h Trades, Avg Price, Active Orders. */
export function MarketStatCards({ projectId }: { projectId: number | null }) {
  const stats = useMarketStats(projectId);
  const loading = stats.isLoading || projectId === null;
  const data = stats.data;
  return (
    <section aria-label="Market statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="24h Volume" value={formatUsd(data?.totalVolume24h)} icon={BarChart3} loading={loading} hint={data ? `${formatInteger(data.totalQuantity24h)} t traded` : undefined} />
      <StatCard label="24h Trades" value={formatInteger(data?.totalTrades24h)} icon={ArrowLeftRight} tone="sky" loading={loading} />
      <StatCard label="Avg Price" value={formatUsd(data?.averagePrice24h)} icon={Activity} tone="violet" loading={loading} />
      <StatCard label="Active Orders" value={formatInteger(data?.activeOrders)} icon={ListOrdered} tone="amber" loading={loading} />
    </section>
  );
}
