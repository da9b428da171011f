import { and, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { orders, projects } from '@/server/db/schema';
import { formatCents } from '@/domain/money';
import type { Order, OrderBookData, OrderBookLevel } from '@/shared/schemas/trading';
import { firstRow, parseJson, rowsOf } from '@/server/db/sql-values';
import { orderFromRow } from './to-api';
import type { OrderSide } from '@/domain/orderbook/order-status';

/** Finished orders shown besides the live ones (SPEC.md: order history of 100). */
export const ORDER_HISTORY_LIMIT = 100;
const LIVE_STATUSES = ['open', 'partially_filled'];
/** Live to their owner (listed, cancellable): the book's live orders and the untriggered stops. */
const OWNER_LIVE_STATUSES = [...LIVE_STATUSES, 'pending_trigger'];

/** Owner, project and side of an order; none of them ever changes, so no lock is needed. */
export async function findOrderOwner(db: Database, orderId: number): Promise<{ userId: number; projectId: number; side: OrderSide } | null> {
  const [row] = await db.select({ userId: orders.userId, projectId: orders.projectId, side: orders.orderType }).from(orders).where(eq(orders.id, orderId));
  return row ? { ...row, side: row.side as OrderSide } : null;
}

/** Live GTD orders due at `now` (their end has come), oldest end first, at most `limit`. */
export async function dueOrders(db: Database, now: Date, limit: number): Promise<{ id: number; userId: number; projectId: number }[]> {
  return db.select({ id: orders.id, userId: orders.userId, projectId: orders.projectId }).from(orders)
    .where(and(isNotNull(orders.expiresAt), lte(orders.expiresAt, now), inArray(orders.status, LIVE_STATUSES)))
    .orderBy(orders.expiresAt, orders.id).limit(limit);
}

/**
 * Projects with a waiting stop that their last book trade price reaches (a buy stop at or below it, a sell stop at or
 * above it): normally none, since the batch whose trade reaches a stop triggers it.
 */
export async function projectsWithReachedStops(db: Database): Promise<number[]> {
  const result = await db.execute(sql`
    select p.project_id from (select distinct project_id from orders where status = 'pending_trigger') p
    cross join lateral (select price_cents from trades t where t.project_id = p.project_id and t.venue = 'book' order by created_at desc, id desc limit 1) last
    where exists (select 1 from orders o where o.project_id = p.project_id and o.status = 'pending_trigger'
      and (case when o.order_type = 'buy' then last.price_cents >= o.stop_price_cents else last.price_cents <= o.stop_price_cents end))`);
  return rowsOf<{ project_id: number }>(result).map((row) => row.project_id);
}

/** Ids and projects of the user's live orders (untriggered stops included), of one project or all. */
export async function liveOrderIds(db: Database, userId: number, projectId: number | undefined): Promise<{ id: number; projectId: number }[]> {
  return db.select({ id: orders.id, projectId: orders.projectId }).from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, OWNER_LIVE_STATUSES), projectId === undefined ? undefined : eq(orders.projectId, projectId)))
    .orderBy(orders.id);
}

/** The user's live orders, whatever their age, and the latest finished ones; newest first. */
export async function listUserOrders(db: Database, userId: number): Promise<Order[]> {
  const recent = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id)).limit(ORDER_HISTORY_LIMIT);
  const rows = await db
    .select({ order: orders, projectName: projects.name })
    .from(orders)
    .innerJoin(projects, eq(projects.id, orders.projectId))
    .where(and(eq(orders.userId, userId), or(inArray(orders.status, OWNER_LIVE_STATUSES), inArray(orders.id, recent))))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => orderFromRow(row.order, row.projectName));
}

/** One price level as bookSideLevels aggregates it (bigints as text, so that json keeps them exact). */
export interface BookLevelRow {
  price_cents: string;
  tonnes: string;
  orders: number;
}

/**
 * The live orders of one side aggregated by price, best first, `depth` levels, as a json array (BookLevelRow[]):
 * a subquery, so that callers read it in the same statement (the same snapshot) as whatever else they need.
 */
export function bookSideLevels(projectId: number, orderType: 'buy' | 'sell', depth: number) {
  return sql`
    select coalesce(json_agg(level), '[]'::json) from (
      select price_cents::text as price_cents, sum(remaining_quantity)::text as tonnes, count(*)::int as orders
      from orders
      where project_id = ${projectId}::int and order_type = ${orderType} and status in ('open', 'partially_filled')
      group by price_cents
      order by price_cents ${orderType === 'buy' ? sql`desc` : sql`asc`}
      limit ${depth}::int
    ) level`;
}

/** Live orders aggregated by price, best first on each side, `depth` levels each; null for an unknown project. */
export async function orderBookDepth(db: Database, projectId: number, depth: number): Promise<OrderBookData | null> {
  const result = await db.execute(sql`
    select exists (select 1 from projects where id = ${projectId}::int) as found,
      (${bookSideLevels(projectId, 'buy', depth)}) as bids, (${bookSideLevels(projectId, 'sell', depth)}) as asks`);
  const row = firstRow<{ found: boolean; bids: unknown; asks: unknown }>(result);
  if (!row.found) return null;
  return { buyOrders: parseJson<BookLevelRow[]>(row.bids).map(toLevel), sellOrders: parseJson<BookLevelRow[]>(row.asks).map(toLevel) };
}

function toLevel(level: BookLevelRow): OrderBookLevel {
  const priceCents = BigInt(level.price_cents);
  const tonnes = BigInt(level.tonnes);
  return {
    pricePerCredit: formatCents(priceCents),
    remainingQuantity: Number(tonnes),
    total: formatCents(priceCents * tonnes),
    orderCount: level.orders,
  };
}
