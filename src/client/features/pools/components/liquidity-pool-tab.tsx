import { Skeleton } from '@/client/components/ui/skeleton';
import { useAuth } from '@/client/hooks/use-auth';
import { useProjectHoldings } from '@/client/features/pools/hooks/use-project-holdings';
import { isTradable, usePool } from '@/client/features/pools/hooks/use-pool';
import { AddLiquidityForm } from './add-liquidity-form';
import { CreatePoolForm } from './create-pool-form';
import { PoolOverview } from './pool-overview';
import { RemoveLiquidityForm } from './remove-liquidity-form';
import { SwapForm } from './swap-form';

/**
 * The Liquidity Pool tab of Advanced Trading for one project: the pool's reserves, price, liquidity and your share,
 * the swap form with its live quote, and the add and remove liquidity forms; a Create Pool form when the project
 * has no liquidity. Self-contained: mount it with the selected project's id.
 */
export function LiquidityPoolTab({ projectId }: { projectId: number }) {
  const { isAuthenticated } = useAuth();
  const pool = usePool(projectId);
  const heldTonnes = useProjectHoldings(projectId, isAuthenticated);
  if (pool.isLoading) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Loading liquidity pool">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const current = pool.data ?? null;
  if (!isTradable(current)) {
    return <CreatePoolForm projectId={projectId} emptyPool={current} signedIn={isAuthenticated} heldTonnes={heldTonnes} />;
  }
  const provider = (current.yourLpUnits ?? 0) > 0;
  return (
    <div className="space-y-4">
      <PoolOverview pool={current} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <SwapForm pool={current} signedIn={isAuthenticated} heldTonnes={heldTonnes} />
        <div className="grid gap-4">
          <AddLiquidityForm pool={current} signedIn={isAuthenticated} />
          {provider && <RemoveLiquidityForm pool={current} />}
        </div>
      </div>
    </div>
  );
}
