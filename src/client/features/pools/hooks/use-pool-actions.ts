import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddLiquidityBody, CreatePoolBody, LiquidityResponse, RemoveLiquidityBody, SwapBody, SwapResponse,
} from '@/shared/schemas/pool';
import { toast } from '@/client/components/ui/use-toast';
import { apiJson, errorMessage } from '@/client/lib/api';
import { formatInteger, formatUsd, pluralize } from '@/client/lib/format';
import { POOLS_KEY } from './use-pool';

/** Everything a pool operation can change: the pool and its quotes, holdings, cash, history and market data. */
const INVALIDATES = [
  [POOLS_KEY], ['/api/credits/my'], ['/api/stats/user'], ['/api/transactions/my'], ['/api/auth/user'],
  ['/api/trading/trades'], ['/api/trading/stats'], ['/api/trading/price-history'], ['/api/stats/platform'],
] as const;

const credits = (tonnes: number) => pluralize(tonnes, 'credit');

/**
 * The four pool operations with the SPEC.md §8 toasts: a success toast naming what moved, or "Error" with the
 * server's message. Callers get `onDone` to reset their form after a success.
 */
export function usePoolActions(projectId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of INVALIDATES) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  };
  const fail = (error: unknown) => {
    toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    // The pool may have moved under the user (a breached slippage bound): show its current state.
    void queryClient.invalidateQueries({ queryKey: [POOLS_KEY, projectId] });
  };

  const create = useMutation({
    mutationFn: (body: CreatePoolBody) => apiJson<LiquidityResponse>('POST', POOLS_KEY, body),
    onSuccess: (result) => {
      refresh();
      toast({ variant: 'success', title: 'Pool Created', description: `Deposited ${credits(result.creditAmount)} and ${formatUsd(result.tokenAmount)} at ${formatUsd(result.pool.currentPrice)} per credit.` });
    },
    onError: fail,
  });
  const add = useMutation({
    mutationFn: ({ poolId, ...body }: AddLiquidityBody & { poolId: number }) =>
      apiJson<LiquidityResponse>('POST', `${POOLS_KEY}/${poolId}/add-liquidity`, body),
    onSuccess: (result) => {
      refresh();
      toast({ variant: 'success', title: 'Liquidity Added', description: `Deposited ${credits(result.creditAmount)} and ${formatUsd(result.tokenAmount)} for ${formatInteger(result.lpTokens)} LP units.` });
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: ({ poolId, ...body }: RemoveLiquidityBody & { poolId: number }) =>
      apiJson<LiquidityResponse>('POST', `${POOLS_KEY}/${poolId}/remove-liquidity`, body),
    onSuccess: (result) => {
      refresh();
      toast({ variant: 'success', title: 'Liquidity Removed', description: `Received ${credits(result.creditAmount)} and ${formatUsd(result.tokenAmount)} for ${formatInteger(result.lpTokens)} LP units.` });
    },
    onError: fail,
  });
  const swap = useMutation({
    mutationFn: (body: SwapBody) => apiJson<SwapResponse>('POST', '/api/trading/swap', body),
    onSuccess: (result) => {
      refresh();
      const { trade } = result;
      const verb = trade.side === 'buy' ? 'Bought' : 'Sold';
      toast({ variant: 'success', title: 'Swap Executed', description: `${verb} ${credits(trade.quantity)} for ${formatUsd(trade.totalValue)} (fee ${formatUsd(result.quote.fee)}).` });
    },
    onError: fail,
  });
  return { create, add, remove, swap };
}
