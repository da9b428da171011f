import type { Database, Transaction } from '@/server/db/client';
import { addLiquidity } from '@/domain/amm/add-liquidity';
import { isEmptyPool } from '@/domain/amm/pool-state';
import { ConflictError, NotFoundError } from '@/domain/errors';
import { depositLiquidityIn, type LiquidityResult } from './deposit-liquidity';
import { lockProject } from '@/server/services/trading/project-lock';
import { readPoolContext, type PoolRecord } from './read-pool-context';
import { runTransaction } from '@/server/db/run-transaction';
import type { AuditActor } from '@/domain/audit/audit-chain';
import { appendLiquidityAudit } from './pool-audit';
import { idempotentIn } from '@/server/services/idempotency/idempotent-writes';
import type { IdempotencyTicket } from '@/server/services/idempotency/idempotency-ticket';
import { rowsOf } from '@/server/db/sql-values';
import { pools } from '@/server/db/schema';
import { insertSelect } from '@/server/db/set-writes';

export interface CreatePoolInput {
  userId: number;
  actor?: AuditActor;
  projectId: number;
  creditTonnes: number;
  cashCents: bigint;
}

/**
 * Opens the project's pool with the creator's deposit: `creditTonnes` from their oldest active lots and
 * `cashCents`. The price (cash / credits) and the LP units (isqrt(credits × cents)) come from the domain maths,
 * never from the client. One pool per project: a second one is a 409 — except that a pool every provider has left
 * (all reserves 0) is seeded again, so "create" works whenever the project has no liquidity.
 */
export function createPool(db: Database, input: CreatePoolInput, now: Date, ticket?: IdempotencyTicket<LiquidityResult>): Promise<LiquidityResult> {
  return runTransaction(db, (tx) => idempotentIn(tx, ticket, now, async () => {
    if (!(await lockProject(tx, input.projectId))) throw new NotFoundError(`Project ${input.projectId} not found`);
    const context = await readPoolContext(tx, {
      pool: { projectId: input.projectId },
      userId: input.userId,
      lots: { from: 'user', projectId: input.projectId, tonnes: input.creditTonnes },
    });
    if (context.pool && !isEmptyPool(context.pool.state)) {
      throw new ConflictError(`A liquidity pool already exists for project ${input.projectId}: add liquidity to it instead`, { poolId: context.pool.id });
    }
    const tonnes = BigInt(input.creditTonnes);
    const pool = context.pool ?? (await insertEmptyPool(tx, input.projectId, now));
    // On an empty pool (a new row, or one every provider left) the domain seeds it exactly like createPool.
    const change = addLiquidity(pool.state, tonnes, input.cashCents);
    const result = await depositLiquidityIn(tx, { userId: input.userId, pool, context, change, now });
    await appendLiquidityAudit(tx, input.actor, 'pool.created', result, now);
    return result;
  }));
}

// The row is inserted empty and filled by the deposit's statement, which needs its id for the pooled lots.
async function insertEmptyPool(tx: Transaction, projectId: number, now: Date): Promise<PoolRecord> {
  const [row] = rowsOf<{ id: number }>(await tx.execute(insertSelect(pools, {
    projectId, creditReserve: 0n, cashReserveCents: 0n, totalLpUnits: 0n, createdAt: now,
  }, undefined, { returning: ['id'] })));
  return { id: row.id, projectId, state: { creditReserve: 0n, cashReserveCents: 0n, totalLpUnits: 0n }, createdAt: now };
}
