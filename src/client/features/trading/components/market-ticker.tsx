import { Skeleton } from '@/client/components/ui/skeleton';
import { formatInteger, formatUsd } from '@/client/lib/format';
import { useMarketStats } from '@/client/features/trading/hooks/use-market-data';

/**
 * SPEC.md §2 market stats of the selected pair (24h Volume, 24h Trades, Avg Price, Active Orders) as one ticker
 * strip under the pair selector, so the chart and the book start near the top of the screen.
 */
export function MarketTicker({ projectId }: { projectId: number | null }) {
  const stats = useMarketStats(projectId);
  const loading = stats.isLoading || projectId === null;
  const data = stats.data;
  const items: Array<{ label: string; value: string; hint?: string }> = [
    { label: '24h Volume', value: formatUsd(data?.totalVolume24h), hint: data ? `${formatInteger(data.totalQuantity24h)} t` : undefined },
    { label: '24h Trades', value: formatInteger(data?.totalTrades24h) },
    { label: 'Avg Price', value: formatUsd(data?.averagePrice24h) },
    { label: 'Active Orders', value: formatInteger(data?.activeOrders) },
  ];
  return (
    <section aria-label="Market statistics" className="rounded-xl border border-border bg-white px-4 py-2.5 shadow-xs">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:flex sm:flex-wrap sm:items-center sm:gap-x-8">
        {items.map((item) => (
          <div key={item.label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{item.label}</dt>
            <dd className="flex items-baseline gap-1.5 font-semibold tabular text-slate-900">
              {loading ? <Skeleton className="my-0.5 h-5 w-16" /> : item.value}
              {!loading && item.hint && <span className="text-xs font-normal text-muted-foreground">{item.hint}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
