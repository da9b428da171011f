import { useId, useState } from 'react';
import { Minus } from 'lucide-react';
import type { Pool } from '@/shared/schemas/pool';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { formatInteger, formatUsd, pluralize } from '@/client/lib/format';
import { usePoolActions } from '@/client/features/pools/hooks/use-pool-actions';
import { withdrawalPreview } from '@/client/features/pools/lib/liquidity-preview';
import { parseTonnes } from '@/client/features/pools/lib/slippage';
import { PoolFormCard } from './pool-form-card';

/** Remove liquidity: burn LP units for their pro-rata share of both reserves. Shown to providers only. */
export function RemoveLiquidityForm({ pool }: { pool: Pool }) {
  const id = useId();
  const [unitsText, setUnitsText] = useState('');
  const { remove } = usePoolActions(pool.projectId);
  const owned = pool.yourLpUnits ?? 0;
  const units = parseTonnes(unitsText);
  const tooMany = units !== null && units > owned;
  const preview = tooMany ? null : withdrawalPreview(pool, units);

  const submit = () => {
    if (units === null || tooMany) return;
    remove.mutate({ poolId: pool.id, lpTokens: units }, { onSuccess: () => setUnitsText('') });
  };

  return (
    <PoolFormCard icon={Minus} title="Remove Liquidity" description={<>You hold {formatInteger(owned)} LP units.</>}>
      <form className="space-y-4" noValidate onSubmit={(event) => { event.preventDefault(); submit(); }}>
        <div className="space-y-2">
          <Label htmlFor={`${id}-units`}>LP units</Label>
          <div className="flex gap-2">
            <Input id={`${id}-units`} inputMode="numeric" placeholder="e.g. 100" value={unitsText} aria-invalid={tooMany} onChange={(event) => setUnitsText(event.target.value)} />
            <Button type="button" variant="outline" onClick={() => setUnitsText(String(owned))} disabled={owned === 0}>
              Max
            </Button>
          </div>
        </div>
        <p className="min-h-10 text-xs text-muted-foreground" aria-live="polite">
          {tooMany
            ? `You hold only ${formatInteger(owned)} LP units.`
            : preview
              ? `You receive ${pluralize(preview.creditAmount, 'credit')} and ${formatUsd(preview.tokenAmount)}.`
              : 'Withdrawals are paid from both reserves in proportion to your share.'}
        </p>
        <Button type="submit" variant="outline" className="w-full" disabled={!preview || remove.isPending}>
          {remove.isPending ? 'Removing...' : 'Remove Liquidity'}
        </Button>
      </form>
    </PoolFormCard>
  );
}
