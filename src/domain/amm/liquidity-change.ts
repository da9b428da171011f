import type { PoolState } from './pool-state';

/** The result of adding or removing liquidity: what moved between the provider and the pool. */
export interface LiquidityChange {
  /** Tonnes the provider put in (add) or got back (remove). */
  creditTonnes: bigint;
  /** Cents the provider put in (add) or got back (remove). */
  cashCents: bigint;
  /** LP units minted to (add) or burned from (remove) the provider. */
  lpUnits: bigint;
  poolAfter: PoolState;
}
