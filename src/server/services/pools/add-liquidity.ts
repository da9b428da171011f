import type { Database } from '@/server/db/client';
import { addLiquidity as sizeDeposit } from '@/domain/amm/add-liquidity';
import { NotFoundError } from '@/domain/errors';
import { depositLiquidityIn, type LiquidityResult } from './deposit-liquidity';
import { lockPoolProject } from '@/server/services/trading/project-lock';
import { readPoolContext } from './read-pool-context';
import { runTransaction } from '@/server/db/run-transaction';
import type { AuditActor } from '@/domain/audit/audit-chain';
import { appendLiquidityAudit } from './pool-audit';
import { idempotentIn } from '@/server/services/idempotency/idempotent-writes';
import type { IdempotencyTicket } from '@/server/services/idempotency/idempotency-ticket';

export interface AddLiquidityInput {
  userId: number;
  actor?: AuditActor;
  poolId: number;
  /** The most the provider offers; the pool takes both sides at its current ratio and leaves the excess. */
  creditTonnes: number;
  cashCents: bigint;
}

/** Adds liquidity at the pool's ratio (domain `addLiquidity`) in one transaction under the project's trading lock. */
export function addLiquidity(db: Database, input: AddLiquidityInput, now: Date, ticket?: IdempotencyTicket<LiquidityResult>): Promise<LiquidityResult> {
  return runTransaction(db, (tx) => idempotentIn(tx, ticket, now, async () => {
    const projectId = await lockPoolProject(tx, input.poolId);
    if (projectId === null) throw new NotFoundError(`Liquidity pool ${input.poolId} not found`);
    // The lots are ranked up to the offer, an upper bound of what the ratio takes.
    const context = await readPoolContext(tx, {
      pool: { poolId: input.poolId },
      userId: input.userId,
      lots: { from: 'user', projectId, tonnes: input.creditTonnes },
    });
    const pool = context.pool!;
    const change = sizeDeposit(pool.state, BigInt(input.creditTonnes), input.cashCents);
    const result = await depositLiquidityIn(tx, { userId: input.userId, pool, context, change, now });
    await appendLiquidityAudit(tx, input.actor, 'pool.liquidity_added', result, now);
    return result;
  }));
}
