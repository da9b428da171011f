import { Coins, Droplets, Layers, Tag } from 'lucide-react';
import { POOL_FEE_PERCENT, type Pool } from '@/shared/schemas/pool';
import { StatCard } from '@/client/components/stat-card';
import { Card } from '@/client/components/ui/card';
import { formatInteger, formatUsd, pluralize } from '@/client/lib/format';

/** Reserves, current price and total liquidity of the pool, and the signed-in user's share of it. */
export function PoolOverview({ pool }: { pool: Pool }) {
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Credit Reserve" value={`${formatInteger(pool.creditReserve)} t`} icon={Layers} hint="Credits in the pool" />
        <StatCard label="Token Reserve" value={formatUsd(pool.tokenReserve)} icon={Coins} tone="sky" hint="Cash in the pool" />
        <StatCard label="Current Price" value={formatUsd(pool.currentPrice)} icon={Tag} tone="amber" hint="Per credit, before the fee" />
        <StatCard label="Total Liquidity" value={formatInteger(pool.totalLiquidity)} icon={Droplets} tone="violet" hint="LP units issued" />
      </div>
      {pool.yourLpUnits !== null && <YourPosition pool={pool} />}
    </div>
  );
}

function YourPosition({ pool }: { pool: Pool }) {
  const units = pool.yourLpUnits ?? 0;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5" aria-label="Your liquidity position">
      <div>
        <p className="text-sm font-medium text-slate-900">Your LP Share</p>
        <p className="text-xs text-muted-foreground">
          Swaps pay a {POOL_FEE_PERCENT}% fee that stays in the pool and grows the value of every LP unit.
        </p>
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm sm:gap-x-8">
        <div>
          <dt className="text-xs text-muted-foreground">LP units</dt>
          <dd className="font-semibold tabular text-slate-900">{formatInteger(units)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Share</dt>
          <dd className="font-semibold tabular text-slate-900">{pool.yourShare ?? '0.00'}%</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Value</dt>
          <dd className="font-semibold tabular text-slate-900" title={units > 0 ? `${pluralize(pool.yourCreditAmount ?? 0, 'credit')} + ${formatUsd(pool.yourTokenAmount)}` : undefined}>
            {formatUsd(pool.yourValue)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
