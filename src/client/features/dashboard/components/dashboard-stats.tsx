import { Archive, ClipboardList, Leaf, Wallet } from 'lucide-react';
import type { UserStats } from '@/shared/schemas/stats';
import { StatCard } from '@/client/components/stat-card';
import { formatInteger, formatUsd } from '@/client/lib/format';

/** SPEC.md §2 Dashboard: four stat cards; signed out they show zeros. */
export function DashboardStats({ stats, loading }: { stats: UserStats | null; loading: boolean }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={loading}>
      <StatCard label="Owned Credits" value={formatInteger(stats?.ownedCredits)} icon={Leaf} hint="tonnes CO₂e held" loading={loading} />
      <StatCard label="Retired Credits" value={formatInteger(stats?.retiredCredits)} icon={Archive} tone="rose" hint="tonnes CO₂e offset" loading={loading} />
      <StatCard label="Portfolio Value" value={formatUsd(stats?.portfolioValue)} icon={Wallet} tone="sky" loading={loading} />
      <StatCard label="Active Orders" value={formatInteger(stats?.activeOrders)} icon={ClipboardList} tone="amber" hint="on the order book" loading={loading} />
    </div>
  );
}
