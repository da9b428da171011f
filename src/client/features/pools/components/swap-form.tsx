import { useId, useState } from 'react';
import { ArrowDownUp } from 'lucide-react';
import type { Pool, SwapSide } from '@/shared/schemas/pool';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { ToggleGroup } from '@/client/components/ui/toggle-group';
import { errorMessage } from '@/client/lib/api';
import { formatInteger, pluralize } from '@/client/lib/format';
import { goToSignIn } from '@/client/lib/full-page';
import { usePoolActions } from '@/client/features/pools/hooks/use-pool-actions';
import { useSwapQuote } from '@/client/features/pools/hooks/use-swap-quote';
import { DEFAULT_SLIPPAGE, parseTonnes, slippageBound, slippageBps } from '@/client/features/pools/lib/slippage';
import { PoolFormCard } from './pool-form-card';
import { QuoteDetails } from './quote-details';
import { SlippageSetting } from './slippage-setting';

interface SwapFormProps {
  pool: Pool;
  signedIn: boolean;
  /** Active credits of this project the user holds; null when signed out or unknown. */
  heldTonnes: number | null;
}

/**
 * Swap against the pool: Buy/Sell, an exact number of tonnes, the live quote shown before confirming, and the
 * slippage tolerance turned into the bound the server enforces (maxAmountIn for a buy, minAmountOut for a sell).
 */
export function SwapForm({ pool, signedIn, heldTonnes }: SwapFormProps) {
  const id = useId();
  const [side, setSide] = useState<SwapSide>('buy');
  const [quantityText, setQuantityText] = useState('');
  const [slippage, setSlippage] = useState<string>(DEFAULT_SLIPPAGE);
  const quantity = parseTonnes(quantityText);
  const { quote, isFetching, error } = useSwapQuote(pool.projectId, side, quantity, true);
  const bps = slippageBps(slippage);
  const bound = quote && bps !== null ? slippageBound(side, quote.total, bps) : null;
  const { swap } = usePoolActions(pool.projectId);
  const ready = quantity !== null && bound !== null && !isFetching && !swap.isPending;

  const submit = () => {
    if (!signedIn) return goToSignIn();
    if (!ready || quantity === null || !bound) return;
    const limit = bound.field === 'maxAmountIn' ? { maxAmountIn: bound.amount } : { minAmountOut: bound.amount };
    swap.mutate({ projectId: pool.projectId, side, quantity, ...limit }, { onSuccess: () => setQuantityText('') });
  };

  return (
    <PoolFormCard icon={ArrowDownUp} title="Swap" description="Trade directly with the pool at its constant-product price.">
      <form className="space-y-4" noValidate onSubmit={(event) => { event.preventDefault(); submit(); }}>
        <ToggleGroup<SwapSide> label="Swap side" value={side} onValueChange={setSide} options={[{ value: 'buy', label: 'Buy' }, { value: 'sell', label: 'Sell' }]} />
        <div className="space-y-2">
          <Label htmlFor={`${id}-quantity`}>Quantity (credits)</Label>
          <Input
            id={`${id}-quantity`}
            inputMode="numeric"
            placeholder="e.g. 10"
            value={quantityText}
            aria-invalid={quantityText !== '' && quantity === null}
            onChange={(event) => setQuantityText(event.target.value)}
          />
          <p className="text-xs text-muted-foreground">
            {side === 'buy'
              ? `The pool can sell up to ${pluralize(Math.max(pool.creditReserve - 1, 0), 'credit')} in one swap.`
              : heldTonnes !== null ? `You hold ${formatInteger(heldTonnes)} active credits of this project.` : 'Sign in to sell credits you hold.'}
          </p>
        </div>
        <QuoteDetails side={side} quote={quote} loading={isFetching && quantity !== null} error={error ? errorMessage(error) : null} bound={bound?.amount ?? null} />
        <SlippageSetting value={slippage} onChange={setSlippage} invalid={bps === null} />
        <Button type="submit" className="w-full" disabled={signedIn && !ready}>
          {!signedIn ? 'Sign In to Swap' : swap.isPending ? 'Swapping...' : side === 'buy' ? 'Buy Credits' : 'Sell Credits'}
        </Button>
      </form>
    </PoolFormCard>
  );
}
