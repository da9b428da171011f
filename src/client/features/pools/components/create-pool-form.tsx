import { useId, useState } from 'react';
import { Droplets } from 'lucide-react';
import { formatCents, roundHalfUp } from '../../../../domain/money';
import type { Pool } from '../../../../shared/schemas/pool';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { formatInteger, formatUsd, toCents } from '../../../lib/format';
import { goToSignIn } from '../../../lib/full-page';
import { usePoolActions } from '../hooks/use-pool-actions';
import { depositPreview } from '../lib/liquidity-preview';
import { parseDollars, parseTonnes } from '../lib/slippage';

interface CreatePoolFormProps {
  projectId: number;
  /** An emptied pool (every provider withdrew): creating seeds it again. */
  emptyPool: Pool | null;
  signedIn: boolean;
  heldTonnes: number | null;
}

/** Shown when the project has no liquidity: the first deposit creates the pool and sets its price. */
export function CreatePoolForm({ projectId, emptyPool, signedIn, heldTonnes }: CreatePoolFormProps) {
  const id = useId();
  const [creditsText, setCreditsText] = useState('');
  const [cashText, setCashText] = useState('');
  const { create } = usePoolActions(projectId);
  const credits = parseTonnes(creditsText);
  const cash = parseDollars(cashText);
  const preview = depositPreview(null, credits, cash);
  const price = credits !== null && cash !== null ? formatCents(roundHalfUp(toCents(cash)!, BigInt(credits))) : null;

  const submit = () => {
    if (!signedIn) return goToSignIn();
    if (credits === null || cash === null) return;
    create.mutate({ projectId, creditReserve: credits, tokenReserve: cash }, {
      onSuccess: () => {
        setCreditsText('');
        setCashText('');
      },
    });
  };

  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="flex items-center gap-2">
          <Droplets className="size-4 text-emerald-700" aria-hidden="true" />
          Create Pool
        </CardTitle>
        <CardDescription>
          {emptyPool
            ? 'Every provider has withdrawn from this pool. Deposit credits and cash to open it again at a new price.'
            : 'This project has no liquidity pool yet. Deposit credits you hold and cash to open one; your deposit sets the starting price.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <form className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate onSubmit={(event) => { event.preventDefault(); submit(); }}>
          <div className="space-y-2">
            <Label htmlFor={`${id}-credits`}>Credit amount</Label>
            <Input id={`${id}-credits`} inputMode="numeric" placeholder="e.g. 100" value={creditsText} onChange={(event) => setCreditsText(event.target.value)} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-cash`}>Token amount ($)</Label>
            <Input id={`${id}-cash`} inputMode="decimal" placeholder="e.g. 2000.00" value={cashText} onChange={(event) => setCashText(event.target.value)} />
          </div>
          <Button type="submit" disabled={signedIn && (credits === null || cash === null || create.isPending)}>
            {!signedIn ? 'Sign In to Create Pool' : create.isPending ? 'Creating...' : 'Create Pool'}
          </Button>
          <p className="text-xs text-muted-foreground sm:col-span-3" aria-live="polite">
            {preview && price
              ? `Starting price ${formatUsd(price)} per credit; you receive ${formatInteger(preview.lpUnits)} LP units. A 0.3% fee on every swap stays in the pool.`
              : heldTonnes !== null ? `You hold ${formatInteger(heldTonnes)} active credits of this project.` : 'Sign in to provide liquidity.'}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
