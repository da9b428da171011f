import { Plus } from 'lucide-react';
import type { Pool } from '@/shared/schemas/pool';
import { Button } from '@/client/components/ui/button';
import { formatInteger, formatUsd, pluralize } from '@/client/lib/format';
import { goToSignIn } from '@/client/lib/full-page';
import { useDepositAmounts } from '@/client/features/pools/hooks/use-deposit-amounts';
import { usePoolActions } from '@/client/features/pools/hooks/use-pool-actions';
import { depositPreview } from '@/client/features/pools/lib/liquidity-preview';
import { DepositAmountFields } from './deposit-amount-fields';
import { PoolFormCard } from './pool-form-card';

/** Add liquidity: offer credits and cash; the pool takes both at its current ratio and leaves the excess. */
export function AddLiquidityForm({ pool, signedIn }: { pool: Pool; signedIn: boolean }) {
  const amounts = useDepositAmounts();
  const { credits, cash } = amounts;
  const { add } = usePoolActions(pool.projectId);
  const preview = depositPreview(pool, credits, cash);

  const submit = () => {
    if (!signedIn) return goToSignIn();
    if (credits === null || cash === null || !preview) return;
    add.mutate({ poolId: pool.id, creditAmount: credits, tokenAmount: cash }, { onSuccess: amounts.reset });
  };

  return (
    <PoolFormCard icon={Plus} title="Add Liquidity" description="Deposit credits and cash at the pool’s current ratio to earn swap fees.">
      <form className="space-y-4" noValidate onSubmit={(event) => { event.preventDefault(); submit(); }}>
        <div className="grid grid-cols-2 gap-3">
          <DepositAmountFields amounts={amounts} creditsLabel="Credits" creditsPlaceholder="e.g. 50" cashLabel="Cash ($)" cashPlaceholder="e.g. 1000.00" />
        </div>
        <p className="min-h-10 text-xs text-muted-foreground" aria-live="polite">
          {preview
            ? `The pool takes ${pluralize(preview.creditAmount, 'credit')} and ${formatUsd(preview.tokenAmount)} for ${formatInteger(preview.lpUnits)} LP units; the rest stays with you.`
            : `At ${formatUsd(pool.currentPrice)} per credit. Enter both amounts to see what the pool takes.`}
        </p>
        <Button type="submit" variant="outline" className="w-full" disabled={signedIn && (!preview || add.isPending)}>
          {!signedIn ? 'Sign In to Add Liquidity' : add.isPending ? 'Adding...' : 'Add Liquidity'}
        </Button>
      </form>
    </PoolFormCard>
  );
}
