import { Building2, CircleDollarSign, Leaf, Recycle } from 'lucide-react';
import { StatCard } from '../../../components/stat-card';
import { formatInteger, formatUsd } from '../../../lib/format';
import { usePlatformStats } from '../hooks/use-platform-stats';

/** SPEC.md §2 Home: four platform-wide figures. */
export function PlatformStatsSection() {
  const { data, isLoading, isError } = usePlatformStats();
  return (
    <section aria-labelledby="platform-stats-heading">
      <h2 id="platform-stats-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Platform Overview
      </h2>
      {isError ? (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Platform statistics are unavailable right now. Please try refreshing the page.
        </p>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={isLoading}>
          <StatCard label="Total Credits Issued" value={formatInteger(data?.totalCredits)} icon={Leaf} hint="tonnes CO₂e" loading={isLoading} />
          <StatCard label="Active Companies" value={`${formatInteger(data?.companiesActive)}+`} icon={Building2} tone="sky" loading={isLoading} />
          <StatCard label="Tons CO2 Offset" value={formatInteger(data?.co2Offset)} icon={Recycle} tone="violet" hint="retired for good" loading={isLoading} />
          <StatCard label="Transaction Volume" value={formatUsd(data?.transactionVolume)} icon={CircleDollarSign} tone="amber" loading={isLoading} />
        </div>
      )}
    </section>
  );
}
