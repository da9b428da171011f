import { useId, useState } from 'react';
import { Plus } from 'lucide-react';
import type { Pool } from '../../../../shared/schemas/pool';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { formatInteger, formatUsd } from '../../../lib/format';
import { goToSignIn } from '../../../lib/full-page';
import { usePoolActions } from '../hooks/use-pool-actions';
import { depositPreview } from '../lib/liquidity-preview';
import { parseDollars, parseTonnes } from '../lib/slippage';

/** Add liquidity: offer credits and cash; the pool takes both at its current ratio and leaves the excess. */
export function AddLiquidityForm({ pool, signedIn }: { pool: Pool; signedIn: boolean }) {
  const id = useId();
  const [creditsText, setCreditsText] = useState('');
  const [cashText, setCashText] = useState('');
  const { add } = usePoolActions(pool.projectId);
  const credits = parseTonnes(creditsText);
  const cash = parseDollars(cashText);
  const preview = depositPreview(pool, credits, cash);

  const submit = () => {
    if (!signedIn) return goToSignIn();
    if (credits === null || cash === null || !preview) return;
    add.mutate({ poolId: pool.id, creditAmount: credits, tokenAmount: cash }, {
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
          <Plus className="size-4 text-emerald-700" aria-hidden="true" />
          Add Liquidity
        </CardTitle>
        <CardDescription>Deposit credits and cash at the pool’s current ratio to earn swap fees.</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <form className="space-y-4" noValidate onSubmit={(event) => { event.preventDefault(); submit(); }}>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-2">
              <Label htmlFor={`${id}-credits`}>Credits</Label>
              <Input id={`${id}-credits`} inputMode="numeric" placeholder="e.g. 50" value={creditsText} onChange={(event) => setCreditsText(event.target.value)} />
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${id}-cash`}>Cash ($)</Label>
              <Input id={`${id}-cash`} inputMode="decimal" placeholder="e.g. 1000.00" value={cashText} onChange={(event) => setCashText(event.target.value)} />
            </div>
          </div>
          <p className="min-h-10 text-xs text-muted-foreground" aria-live="polite">
            {preview
              ? `The pool takes ${formatInteger(preview.creditAmount)} credits and ${formatUsd(preview.tokenAmount)} for ${formatInteger(preview.lpUnits)} LP units; the rest stays with you.`
              : `At ${formatUsd(pool.currentPrice)} per credit. Enter both amounts to see what the pool takes.`}
          </p>
          <Button type="submit" variant="outline" className="w-full" disabled={signedIn && (!preview || add.isPending)}>
            {!signedIn ? 'Sign In to Add Liquidity' : add.isPending ? 'Adding...' : 'Add Liquidity'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
