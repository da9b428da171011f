import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { displayPriceCents, isEmptyPool, spotPrice } from '@/domain/amm/pool-state';
import { removeLiquidity as sizeWithdrawal } from '@/domain/amm/remove-liquidity';
import { NotFoundError, RefusedError } from '@/domain/errors';
import type { LiquidityResult } from './deposit-liquidity';
import { lotMoveStatements } from './lot-moves';
import { planLotTake } from '@/domain/trading/plan-lot-take';
import { cashChangeStatement, ledgerStatement, poolUpdateStatement, positionStatement } from './pool-writes';
import { lockPoolProject } from '@/server/services/trading/project-lock';
import { readPoolContext } from './read-pool-context';
import { runTransaction } from '@/server/db/run-transaction';
import type { AuditActor } from '@/domain/audit/audit-chain';
import { appendLiquidityAudit } from './pool-audit';
import { idempotentIn } from '@/server/services/idempotency/idempotent-writes';
import type { IdempotencyTicket } from '@/server/services/idempotency/idempotency-ticket';
import { combineStatements } from './sql-rows';
import { rowsOf } from '@/server/db/sql-values';

export interface RemoveLiquidityInput {
  userId: number;
  actor?: AuditActor;
  poolId: number;
  lpUnits: bigint;
}

/**
 * Burns the provider's LP units and pays out their pro-rata share of both reserves (domain `removeLiquidity`,
 * each side rounded down): the pool's oldest pooled lots become the provider's active lots (origin 'pool', priced
 * at the pool's spot price), the cash reaches their account, and a 'liquidity_remove' row is written. More units
 * than the provider holds is a 422 that changes nothing. Burning the last units empties the pool (0/0/0).
 */
export function removeLiquidity(db: Database, input: RemoveLiquidityInput, now: Date, ticket?: IdempotencyTicket<LiquidityResult>): Promise<LiquidityResult> {
  return runTransaction(db, (tx) => idempotentIn(tx, ticket, now, async () => {
    const projectId = await lockPoolProject(tx, input.poolId);
    if (projectId === null) throw new NotFoundError(`Liquidity pool ${input.poolId} not found`);
    const context = await readPoolContext(tx, { pool: { poolId: input.poolId }, userId: input.userId });
    const pool = context.pool!;
    if (input.lpUnits > context.lpUnits) {
      throw new RefusedError(`You hold only ${context.lpUnits} LP units in this pool (requested ${input.lpUnits})`, {
        heldLpUnits: context.lpUnits, requestedLpUnits: input.lpUnits,
      });
    }
    const change = sizeWithdrawal(pool.state, input.lpUnits);
    const tonnes = Number(change.creditTonnes);
    // The pooled lots are only ever changed under the trading lock this transaction holds, so no row lock is needed.
    const lots = tonnes === 0 ? [] : (await readPoolContext(tx, { pool: { poolId: pool.id }, userId: input.userId, lots: { from: 'pool', projectId, tonnes } })).lots;
    const takes = planLotTake(lots, tonnes);
    if (!takes) throw new Error(`Pool ${pool.id} holds fewer pooled tonnes than its credit reserve`);
    const lpUnitsAfter = context.lpUnits - input.lpUnits;
    const purchasePriceCents = isEmptyPool(pool.state) ? 0n : displayPriceCents(spotPrice(pool.state));
    const statements = [
      ...lotMoveStatements('lot', takes, { to: 'user', userId: input.userId, origin: 'pool', purchasePriceCents }, now),
      poolUpdateStatement(pool.id, change.poolAfter),
      positionStatement(pool.id, input.userId, lpUnitsAfter),
      cashChangeStatement(input.userId, change.cashCents),
      ledgerStatement({ userId: input.userId, type: 'liquidity_remove', projectId, quantity: tonnes, totalCents: change.cashCents, feeCents: 0n, now }),
    ];
    const [row] = rowsOf<{ cash_cents: string }>(await tx.execute(combineStatements(statements, sql`select (select cash_cents::text from account) as cash_cents`)));
    const result = {
      pool: { ...pool, state: change.poolAfter },
      creditTonnes: change.creditTonnes,
      cashCents: change.cashCents,
      lpUnits: input.lpUnits,
      lpUnitsAfter,
      cashCentsAfter: BigInt(row.cash_cents),
    };
    await appendLiquidityAudit(tx, input.actor, 'pool.liquidity_removed', result, now);
    return result;
  }));
}
