import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { BookLevel, OrderSide } from '@/domain/routing/fill-plan';
import type { PoolState } from '@/domain/amm/pool-state';
import type { SelfTradePrevention } from '@/domain/orderbook/order-input';
import { rowsOf } from '@/server/db/sql-values';

export interface RoutingInputs {
  pool: PoolState | null;
  cashCents: bigint;
  activeTonnes: number;
  /** The resting orders the taker can reach, best first, one level per order: cut before its own first order (cancel_newest) or without its own orders (skip, cancel_oldest). */
  levels: BookLevel[];
  /** The taker's own first resting order within reach, where the book stops; null when it reaches none. */
  ownOrder: { id: number; priceCents: bigint; quantity: number } | null;
}

interface InputsRow {
  credit_reserve: string | null;
  cash_reserve_cents: string | null;
  total_lp_units: string | null;
  cash_cents: string | null;
  active_tonnes: string | null;
  levels: Array<{ id: number; user_id: number; price_cents: string; remaining: number }> | string | null;
}

/**
 * What routing a market order needs, in ONE statement under the project's trading lock (which keeps the book and
 * the pool still until commit): the pool, the taker's cash and active tonnes, and the opposite side of the book in
 * priority order until it holds `quantity` tonnes. Under cancel_newest (the default) the book stops at the taker's
 * own first resting order, because the order book's self-trade prevention cancels the taker there; under skip and
 * cancel_oldest the taker's own orders are passed over or cancelled, so only the others' count.
 */
export async function readRoutingInputs(
  tx: Executor, input: { userId: number; projectId: number; side: OrderSide; quantity: number; selfTradePrevention?: SelfTradePrevention },
): Promise<RoutingInputs> {
  const othersOnly = (input.selfTradePrevention ?? 'cancel_newest') !== 'cancel_newest';
  const takesAsks = input.side === 'buy';
  const bookSide = takesAsks ? 'sell' : 'buy';
  const priority = takesAsks ? sql`price_cents, sequence` : sql`price_cents desc, sequence`;
  const result = await tx.execute(sql`
    with ranked as (
      select id, user_id, price_cents, remaining_quantity, sequence,
        sum(remaining_quantity) over (order by ${priority} rows between unbounded preceding and 1 preceding) as before
      from orders where project_id = ${input.projectId}::int and order_type = ${bookSide} and status in ('open', 'partially_filled')
        ${othersOnly ? sql`and user_id <> ${input.userId}::int` : sql``}
    )
    select p.credit_reserve::text, p.cash_reserve_cents::text, p.total_lp_units::text,
      (select cash_cents::text from users where id = ${input.userId}::int for no key update) as cash_cents,
      (select coalesce(sum(quantity), 0)::text from holdings
        where user_id = ${input.userId}::int and project_id = ${input.projectId}::int and status = 'active') as active_tonnes,
      (select coalesce(json_agg(json_build_object('id', id, 'user_id', user_id, 'price_cents', price_cents::text, 'remaining', remaining_quantity)
        order by ${priority}), '[]'::json) from ranked where coalesce(before, 0) < ${input.quantity}) as levels
    from (select 1) as one left join pools p on p.project_id = ${input.projectId}::int`);
  const row = rowsOf<InputsRow>(result)[0];
  const orders = (typeof row.levels === 'string' ? JSON.parse(row.levels) : row.levels ?? []) as Exclude<InputsRow['levels'], string | null>;
  const own = orders.findIndex((order) => order.user_id === input.userId);
  return {
    pool: row.credit_reserve === null ? null : {
      creditReserve: BigInt(row.credit_reserve), cashReserveCents: BigInt(row.cash_reserve_cents!), totalLpUnits: BigInt(row.total_lp_units!),
    },
    cashCents: BigInt(row.cash_cents ?? '0'),
    activeTonnes: Number(row.active_tonnes ?? '0'),
    levels: (own === -1 ? orders : orders.slice(0, own)).map((order) => ({ priceCents: BigInt(order.price_cents), quantity: BigInt(order.remaining), orderId: order.id })),
    ownOrder: own === -1 ? null : { id: orders[own].id, priceCents: BigInt(orders[own].price_cents), quantity: orders[own].remaining },
  };
}
