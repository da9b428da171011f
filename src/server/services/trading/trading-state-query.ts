import { sql, type SQL } from 'drizzle-orm';
import type { BookCursor, BookRead } from '@/domain/trading/book-cache';
import { intArray } from '@/server/db/sql-values';
import { oldestActiveLots } from '@/server/services/seller-lots';

const LOT_FIELDS = sql.raw(`h.id, h.user_id, h.quantity, h.serial_start, h.serial_end, h.purchase_price_cents::text as purchase_price_cents,
        h.purchase_date, h.status, h.order_id, h.origin, h.parent_holding_id`);

const ORDER_FIELDS = sql.raw(`o.id, o.user_id, o.order_type, o.price_cents::text as price_cents, o.quantity, o.filled_quantity,
        o.remaining_quantity, o.locked_cents::text as locked_cents, o.status, o.sequence::text as sequence, o.created_at, o.expires_at,
        o.self_trade_prevention, o.stop_price_cents::text as stop_price_cents, o.stop_market, o.triggered_at`);

const LIVE = sql.raw(`status in ('open', 'partially_filled')`);

export interface StateQueryInput {
  projectId: number;
  /** Users whose cash decides a command (buyers): read and locked. */
  buyerIds: number[];
  /** Each seller's tonnes to sell: their oldest active lots covering it are read and locked. */
  sellers: { userId: number; tonnes: number }[];
  /** What the book cache lacks. */
  book: BookRead;
}

/**
 * The statement behind readBatchState, with only the parts this batch needs (a smaller statement plans and runs
 * faster on the embedded database):
 * - the buyers' cash, locked in id order, so that two batches never wait on each other's users in a cycle (NO KEY
 *   UPDATE is what an update of the cash column needs; unlike FOR UPDATE it lets others insert rows that reference
 *   the user meanwhile);
 * - each seller's oldest active lots until they cover what the seller sells (escrow takes the oldest first, and lots
 *   bought within the batch are newer), or all of them when they cover less, so a sell is refused exactly when the
 *   seller holds too little; only those are locked;
 * - for the book cache: each side's next live orders after its cursor in priority order (orders_live_idx), the orders
 *   to cancel it does not hold, and the escrowed lots of the live sell orders among them. The caller holds the
 *   project lock, so none of these can change before the batch writes.
 * Row sets are handed on as `= any(array(…))`, computed once and looked up by index: the embedded database never
 * gathers table statistics, and without them a plain join here can be planned as a loop over every lot.
 */
export function tradingStateQuery(input: StateQueryInput): SQL {
  const { projectId, buyerIds, sellers, book } = input;
  const ctes: SQL[] = [];
  const columns: SQL[] = [];
  const list = (name: string) => sql`(select coalesce(json_agg(${sql.raw(name)}), '[]'::json) from ${sql.raw(name)})`;
  if (buyerIds.length > 0) {
    ctes.push(sql`people as (
      select id, cash_cents::text as cash_cents from users where id = any(${intArray(buyerIds)}) order by id for no key update)`);
    columns.push(sql`${list('people')} as users`);
  }
  if (sellers.length > 0) {
    ctes.push(sql`oldest_active as materialized (
      select id from (${oldestActiveLots(projectId, sellers)}) ranked where ranked.before < ranked.tonnes)`);
    // Locked by primary key alone: given the project or the status, the planner (no statistics) walks every active
    // lot of the project (or the seller-lots index) to find these few, which grew with every trade. OFFSET 0 keeps the
    // status check outside, where it still drops a lot retired meanwhile, since it reads the row as the lock left it.
    ctes.push(sql`active_lots as (
      select * from (select ${LOT_FIELDS} from holdings h where h.id = any(array(select id from oldest_active)) for no key update offset 0) locked
      where locked.status = 'active')`);
    columns.push(sql`${list('active_lots')} as lots`);
  }
  const loaded: SQL[] = [];
  for (const side of book.sides) {
    const name = side.side === 'sell' ? 'asks' : 'bids';
    ctes.push(sql`${sql.raw(name)} as (
      select ${ORDER_FIELDS} from orders o
      where o.project_id = ${projectId}::int and o.order_type = ${side.side} and o.${LIVE} and ${after(side.side, side.after)}
        ${book.nowMs === undefined ? sql`` : sql`and (o.expires_at is null or o.expires_at > ${new Date(book.nowMs).toISOString()}::timestamptz)`}
      order by o.price_cents ${side.side === 'sell' ? sql`asc` : sql`desc`}, o.sequence limit ${side.limit}::int)`);
    columns.push(sql`(select coalesce(json_agg(${sql.raw(name)} order by ${sql.raw(`${name}.price_cents::bigint ${side.side === 'sell' ? 'asc' : 'desc'}, ${name}.sequence::bigint`)}), '[]'::json) from ${sql.raw(name)}) as ${sql.raw(name)}`);
    loaded.push(sql`select id, user_id, order_type, status from ${sql.raw(name)}`);
  }
  if (book.stops) {
    // Every untriggered stop of the project (orders_pending_stops_idx), and the last book trade price that triggers them.
    ctes.push(sql`stops as (select ${ORDER_FIELDS} from orders o where o.project_id = ${projectId}::int and o.status = 'pending_trigger' order by o.sequence)`);
    columns.push(sql`(select coalesce(json_agg(stops order by stops.sequence::bigint), '[]'::json) from stops) as stops`);
    columns.push(sql`(select price_cents::text from trades where project_id = ${projectId}::int and venue = 'book' order by created_at desc, id desc limit 1) as last_price_cents`);
    // A waiting sell stop holds escrow like a live sell order.
    loaded.push(sql`select id, user_id, order_type, 'open'::text as status from stops`);
  }
  if (book.orderIds.length > 0) {
    ctes.push(sql`by_id as (select ${ORDER_FIELDS} from orders o where o.project_id = ${projectId}::int and o.id = any(${intArray(book.orderIds)}))`);
    columns.push(sql`${list('by_id')} as by_id`);
    loaded.push(sql`select id, user_id, order_type, status from by_id`);
  }
  if (loaded.length > 0) {
    // Through the sellers' escrowed lots (holdings_user_totals_idx), then narrowed to the loaded orders' own.
    ctes.push(sql`loaded_sells as materialized (select * from (${sql.join(loaded, sql` union all `)}) o where o.order_type = 'sell' and o.${LIVE})`);
    ctes.push(sql`escrowed_lots as (
      select ${LOT_FIELDS} from holdings h
      where h.user_id = any(array(select user_id from loaded_sells)) and h.status = 'escrowed'
        and h.order_id = any(array(select id from loaded_sells)) and h.project_id + 0 = ${projectId}::int)`);
    columns.push(sql`${list('escrowed_lots')} as escrowed_lots`);
  }
  if (columns.length === 0) return sql`select 1 as nothing`;
  return ctes.length === 0 ? sql`select ${sql.join(columns, sql`, `)}` : sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(columns, sql`, `)}`;
}

/** Orders of `side` that rank after the cursor: a worse price, or the same price and a later arrival. */
function after(side: 'buy' | 'sell', cursor: BookCursor | null): SQL {
  if (!cursor) return sql`true`;
  const price = sql`${cursor.priceCents}::bigint`;
  const sequence = sql`${cursor.sequence}::bigint`;
  return side === 'sell'
    ? sql`(o.price_cents > ${price} or (o.price_cents = ${price} and o.sequence > ${sequence}))`
    : sql`(o.price_cents < ${price} or (o.price_cents = ${price} and o.sequence > ${sequence}))`;
}
