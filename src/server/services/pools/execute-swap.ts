import { sql } from 'drizzle-orm';
import { recordWebhookEvents } from '@/server/db/record-webhook-events';
import { poolSwapEvent } from './pool-swap-event';
import type { Executor } from '@/server/db/client';
import { quoteExactTonnes, type SwapQuote, type SwapSide } from '@/domain/amm/quote-swap';
import { NotFoundError } from '@/domain/errors';
import { lotMoveStatements } from './lot-moves';
import { planLotTake } from '@/domain/trading/plan-lot-take';
import { lotTonnes } from '@/domain/trading/lot-selection';
import { cashChangeStatement, ledgerStatement, poolTradeStatement, poolUpdateStatement } from './pool-writes';
import { readPoolContext, type PoolRecord } from './read-pool-context';
import { combineStatements } from './sql-rows';
import { rowsOf } from '@/server/db/sql-values';
import { insufficientCreditsToSell, refuseBreachedBound, refuseUnaffordable } from '@/domain/amm/swap-checks';

export interface SwapInput {
  userId: number;
  projectId: number;
  side: SwapSide;
  /** Exact whole tonnes bought out of (buy) or sold into (sell) the pool. */
  quantity: number;
  /** buy: the most cents the user will pay (fee included); sell: the least cents they will accept. Null: no bound. */
  limitCents: bigint | null;
}

export interface SwapResult {
  quote: SwapQuote;
  pool: PoolRecord;
  trade: { id: number; projectId: number; side: SwapSide; quantity: number; priceCents: bigint; totalCents: bigint; createdAt: Date };
  /** The user's cash after the swap. */
  cashCents: bigint;
}

/**
 * The swap inside a transaction that already holds the project's trading lock (a routed market order runs its pool
 * leg through here). Reads and locks the pool, the user's cash and the lots in one statement, quotes with the
 * domain maths on that locked state, refuses (throwing before any write) when the bound, the balance or the
 * credits do not allow it, and then writes everything in one statement: the lots, the pool, the cash, the trade
 * and the history row. Buying moves the pool's oldest pooled lots to the user (origin 'swap'); selling moves the
 * user's oldest active lots into the pool.
 */
export async function swapIn(tx: Executor, input: SwapInput, now: Date): Promise<SwapResult> {
  const buying = input.side === 'buy';
  const context = await readPoolContext(tx, {
    pool: { projectId: input.projectId },
    userId: input.userId,
    lots: { from: buying ? 'pool' : 'user', projectId: input.projectId, tonnes: input.quantity },
  });
  const pool = context.pool;
  if (!pool) throw new NotFoundError(`No liquidity pool exists for project ${input.projectId}`);
  const quote = quoteExactTonnes(pool.state, input.side, BigInt(input.quantity));
  refuseBreachedBound(input, quote);
  refuseUnaffordable(input.side, quote, context.cashCents ?? 0n);
  const takes = planLotTake(context.lots, input.quantity);
  if (!takes) {
    if (buying) throw new Error(`Pool ${pool.id} holds fewer pooled tonnes than its credit reserve`);
    throw insufficientCreditsToSell(lotTonnes(context.lots), input.quantity);
  }
  const priceCents = quote.averagePriceCents!;
  const statements = [
    ...lotMoveStatements('lot', takes, buying ? { to: 'user', userId: input.userId, origin: 'swap', purchasePriceCents: priceCents } : { to: 'pool', poolId: pool.id }, now),
    poolUpdateStatement(pool.id, quote.poolAfter),
    cashChangeStatement(input.userId, buying ? -quote.cashCents : quote.cashCents),
    poolTradeStatement({ projectId: input.projectId, userId: input.userId, side: input.side, quantity: input.quantity, priceCents, totalCents: quote.cashCents, now }),
    ledgerStatement({
      userId: input.userId, type: buying ? 'swap_buy' : 'swap_sell', projectId: input.projectId, quantity: input.quantity,
      totalCents: quote.cashCents, feeCents: quote.feeCents, now,
    }),
  ];
  const written = rowsOf<{ trade_id: number; cash_cents: string }>(await tx.execute(combineStatements(statements,
    sql`select (select id from trade) as trade_id, (select cash_cents::text from account) as cash_cents`)))[0];
  await recordWebhookEvents(tx, [poolSwapEvent({
    userId: input.userId, tradeId: written.trade_id, projectId: input.projectId, side: input.side, quantity: input.quantity, priceCents, totalCents: quote.cashCents,
  })], now);
  return {
    quote,
    pool: { ...pool, state: quote.poolAfter },
    trade: { id: written.trade_id, projectId: input.projectId, side: input.side, quantity: input.quantity, priceCents, totalCents: quote.cashCents, createdAt: now },
    cashCents: BigInt(written.cash_cents),
  };
}
