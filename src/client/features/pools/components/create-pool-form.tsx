import { Droplets } from 'lucide-react';
import { formatCents, roundHalfUp } from '@/domain/money';
import type { Pool } from '@/shared/schemas/pool';
import { Button } from '@/client/components/ui/button';
import { formatInteger, formatUsd, toCents } from '@/client/lib/format';
import { goToSignIn } from '@/client/lib/full-page';
import { useDepositAmounts } from '@/client/features/pools/hooks/use-deposit-amounts';
import { usePoolActions } from '@/client/features/pools/hooks/use-pool-actions';
import { depositPreview } from '@/client/features/pools/lib/liquidity-preview';
import { DepositAmountFields } from './deposit-amount-fields';
import { PoolFormCard } from './pool-form-card';

interface CreatePoolFormProps {
  projectId: number;
  /** An emptied pool (every provider withdrew): creating seeds it again. */
  emptyPool: Pool | null;
  signedIn: boolean;
  heldTonnes: number | null;
}

/** Shown when the project has no liquidity: the first deposit creates the pool and sets its price. */
export function CreatePoolForm({ projectId, emptyPool, signedIn, heldTonnes }: CreatePoolFormProps) {
  const amounts = useDepositAmounts();
  const { credits, cash } = amounts;
  const { create } = usePoolActions(projectId);
  const preview = depositPreview(null, credits, cash);
  const price = credits !== null && cash !== null ? formatCents(roundHalfUp(toCents(cash)!, BigInt(credits))) : null;

  const submit = () => {
    if (!signedIn) return goToSignIn();
    if (credits === null || cash === null) return;
    create.mutate({ projectId, creditReserve: credits, tokenReserve: cash }, { onSuccess: amounts.reset });
  };

  return (
    <PoolFormCard
      icon={Droplets}
      title="Create Pool"
      description={emptyPool
        ? 'Every provider has withdrawn from this pool. Deposit credits and cash to open it again at a new price.'
        : 'This project has no liquidity pool yet. Deposit credits you hold and cash to open one; your deposit sets the starting price.'}
    >
      <form className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate onSubmit={(event) => { event.preventDefault(); submit(); }}>
        <DepositAmountFields amounts={amounts} creditsLabel="Credit amount" creditsPlaceholder="e.g. 100" cashLabel="Token amount ($)" cashPlaceholder="e.g. 2000.00" />
        <Button type="submit" disabled={signedIn && (credits === null || cash === null || create.isPending)}>
          {!signedIn ? 'Sign In to Create Pool' : create.isPending ? 'Creating...' : 'Create Pool'}
        </Button>
        <p className="text-xs text-muted-foreground sm:col-span-3" aria-live="polite">
          {preview && price
            ? `Starting price ${formatUsd(price)} per credit; you receive ${formatInteger(preview.lpUnits)} LP units. A 0.3% fee on every swap stays in the pool.`
            : heldTonnes !== null ? `You hold ${formatInteger(heldTonnes)} active credits of this project.` : 'Sign in to provide liquidity.'}
        </p>
      </form>
    </PoolFormCard>
  );
}
