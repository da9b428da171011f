import { sql } from 'drizzle-orm';
import type { PoolState } from '@/domain/amm/pool-state';
import type { NamedStatement } from './sql-rows';
import { pools, trades, transactions } from '@/server/db/schema';
import { insertRows, updateRows } from '@/server/db/set-writes';

/** Stores the pool state the domain computed (absolute values: the pool row is locked by the caller). */
export function poolUpdateStatement(poolId: number, state: PoolState): NamedStatement {
  return { name: 'pool_update', body: updateRows(pools, [{
    id: poolId, creditReserve: state.creditReserve, cashReserveCents: state.cashReserveCents, totalLpUnits: state.totalLpUnits,
  }]) };
}

/** Adds `deltaCents` (negative to debit) to the user's cash and exposes the new balance as `account.cash_cents`. */
export function cashChangeStatement(userId: number, deltaCents: bigint): NamedStatement {
  return { name: 'account', body: sql`update users set cash_cents = cash_cents + ${deltaCents}::bigint where id = ${userId} returning cash_cents` };
}

/** Sets the user's LP units to `lpUnitsAfter`; a position that drops to 0 is deleted rather than kept empty. */
export function positionStatement(poolId: number, userId: number, lpUnitsAfter: bigint): NamedStatement {
  if (lpUnitsAfter === 0n) {
    return { name: 'lp_position_update', body: sql`delete from lp_positions where pool_id = ${poolId} and user_id = ${userId}` };
  }
  return {
    name: 'lp_position_update',
    body: sql`insert into lp_positions (pool_id, user_id, lp_units) values (${poolId}, ${userId}, ${lpUnitsAfter})
      on conflict (pool_id, user_id) do update set lp_units = excluded.lp_units`,
  };
}

export type PoolTransactionType = 'swap_buy' | 'swap_sell' | 'liquidity_add' | 'liquidity_remove';

/** The user's history row; `totalCents` is the cash that left (buy, add) or reached (sell, remove) the user. */
export function ledgerStatement(entry: {
  userId: number;
  type: PoolTransactionType;
  projectId: number;
  quantity: number;
  totalCents: bigint;
  feeCents: bigint;
  now: Date;
}): NamedStatement {
  const { now, ...row } = entry;
  return { name: 'ledger', body: insertRows(transactions, [row], { values: { createdAt: now } }) };
}

/**
 * A trade of the pool venue: the pool is the counterparty, so its side (seller of a buy, buyer of a sell) is null
 * and there are no order ids. `priceCents` is the average price rounded half-up; `totalCents` is the exact cash.
 */
export function poolTradeStatement(trade: {
  projectId: number;
  userId: number;
  side: 'buy' | 'sell';
  quantity: number;
  priceCents: bigint;
  totalCents: bigint;
  now: Date;
}): NamedStatement {
  const row = {
    projectId: trade.projectId, buyerId: trade.side === 'buy' ? trade.userId : null, sellerId: trade.side === 'sell' ? trade.userId : null,
    priceCents: trade.priceCents, quantity: trade.quantity, totalCents: trade.totalCents,
  };
  return { name: 'trade', body: insertRows(trades, [row], { values: { venue: 'pool', createdAt: trade.now }, returning: ['id'] }) };
}
