import { Building2, CircleDollarSign, Leaf, Recycle } from 'lucide-react';
import { LoadError, loadFailure } from '@/client/components/load-error';
import { StatCard } from '@/client/components/stat-card';
import { formatInteger, formatUsd } from '@/client/lib/format';
import { usePlatformStats } from '@/client/features/home/hooks/use-platform-stats';

/** SPEC.md §2 Home: four platform-wide figures. */
export function PlatformStatsSection() {
  const stats = usePlatformStats();
  const { data, isLoading } = stats;
  const failure = loadFailure(stats);
  return (
    <section aria-labelledby="platform-stats-heading">
      <h2 id="platform-stats-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Platform Overview
      </h2>
      {failure ? (
        <LoadError message="Platform statistics are unavailable right now." failure={failure} />
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
