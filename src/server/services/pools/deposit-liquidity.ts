import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { LiquidityChange } from '@/domain/amm/liquidity-change';
import { InsufficientCreditsError, RefusedError } from '@/domain/errors';
import { formatCents } from '@/domain/money';
import { lotMoveStatements } from './lot-moves';
import { planLotTake, type LotRef } from '@/domain/trading/plan-lot-take';
import { lotTonnes } from '@/domain/trading/lot-selection';
import { cashChangeStatement, ledgerStatement, poolUpdateStatement, positionStatement } from './pool-writes';
import type { PoolContext, PoolRecord } from './read-pool-context';
import { combineStatements } from './sql-rows';
import { rowsOf } from '@/server/db/sql-values';

export interface LiquidityResult {
  pool: PoolRecord;
  /** Tonnes and cents that moved (into the pool for a deposit, out of it for a withdrawal). */
  creditTonnes: bigint;
  cashCents: bigint;
  lpUnits: bigint;
  /** The provider's LP units and cash afterwards. */
  lpUnitsAfter: bigint;
  cashCentsAfter: bigint;
}

/**
 * Writes a deposit the domain has sized (`createPool` / `addLiquidity`): the provider's oldest active lots move into
 * the pool, the cash leaves their account, their LP position grows, and a 'liquidity_add' history row is written,
 * all in one statement. Refuses (before writing) when the provider lacks the tonnes or the cash actually taken.
 */
export async function depositLiquidityIn(
  tx: Executor,
  deposit: { userId: number; pool: PoolRecord; context: PoolContext; change: LiquidityChange; now: Date },
): Promise<LiquidityResult> {
  const { userId, pool, context, change, now } = deposit;
  const cashCents = context.cashCents ?? 0n;
  if (cashCents < change.cashCents) {
    throw new RefusedError(`Insufficient funds: this deposit takes $${formatCents(change.cashCents)} and your cash balance is $${formatCents(cashCents)}`, {
      balanceCents: cashCents, requiredCents: change.cashCents,
    });
  }
  const takes = planLotTake(context.lots, Number(change.creditTonnes));
  if (!takes) throw insufficientCredits(context.lots, change.creditTonnes);
  const lpUnitsAfter = context.lpUnits + change.lpUnits;
  const statements = [
    ...lotMoveStatements('lot', takes, { to: 'pool', poolId: pool.id }, now),
    poolUpdateStatement(pool.id, change.poolAfter),
    positionStatement(pool.id, userId, lpUnitsAfter),
    cashChangeStatement(userId, -change.cashCents),
    ledgerStatement({
      userId, type: 'liquidity_add', projectId: pool.projectId, quantity: Number(change.creditTonnes),
      totalCents: change.cashCents, feeCents: 0n, now,
    }),
  ];
  const [row] = rowsOf<{ cash_cents: string }>(await tx.execute(combineStatements(statements, sql`select (select cash_cents::text from account) as cash_cents`)));
  return {
    pool: { ...pool, state: change.poolAfter },
    creditTonnes: change.creditTonnes,
    cashCents: change.cashCents,
    lpUnits: change.lpUnits,
    lpUnitsAfter,
    cashCentsAfter: BigInt(row.cash_cents),
  };
}

function insufficientCredits(lots: readonly LotRef[], requestedTonnes: bigint): InsufficientCreditsError {
  const held = lotTonnes(lots);
  return new InsufficientCreditsError(`You hold only ${held} active credits of this project (the deposit needs ${requestedTonnes})`, {
    availableTonnes: held, requestedTonnes: Number(requestedTonnes),
  });
}
