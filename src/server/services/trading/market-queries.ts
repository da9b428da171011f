import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { trades } from '@/server/db/schema';
import { formatCents, roundHalfUp } from '@/domain/money';
import { buildCandles, candleWindowStartMs, type CandleInterval } from '@/domain/trading/candles';
import type { Candle, MarketStats, Trade } from '@/shared/schemas/trading';
import { firstRow } from '@/server/db/sql-values';
import { tradeToApi } from './to-api';

const DAY_MS = 86_400_000;

export async function projectExists(db: Database, projectId: number): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from projects where id = ${projectId}::int) as found`);
  return firstRow<{ found: boolean }>(result).found;
}

/** The project's latest trades (book and pool), newest first. */
export async function recentTrades(db: Database, projectId: number, limit: number): Promise<Trade[]> {
  const rows = await db.select().from(trades).where(eq(trades.projectId, projectId)).orderBy(desc(trades.createdAt), desc(trades.id)).limit(limit);
  return rows.map(tradeToApi);
}

/**
 * Trading activity of the last 24 hours, of one project or of all: cash volume, trade count, volume-weighted
 * average price (rounded half-up to the cent) and live orders.
 */
export async function marketStats(db: Database, projectId: number | null, now: Date): Promise<MarketStats> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const tradeScope = projectId === null ? sql`true` : sql`project_id = ${projectId}::int`;
  const result = await db.execute(sql`
    select
      (select count(*)::int from trades where ${tradeScope} and created_at > ${since}::timestamptz) as trade_count,
      (select coalesce(sum(total_cents), 0)::text from trades where ${tradeScope} and created_at > ${since}::timestamptz) as volume_cents,
      (select coalesce(sum(quantity), 0)::text from trades where ${tradeScope} and created_at > ${since}::timestamptz) as tonnes,
      (select count(*)::int from orders where ${tradeScope} and status in ('open', 'partially_filled')) as active_orders`);
  const row = firstRow<{ trade_count: number; volume_cents: string; tonnes: string; active_orders: number }>(result);
  const volumeCents = BigInt(row.volume_cents);
  const tonnes = BigInt(row.tonnes);
  return {
    totalVolume24h: formatCents(volumeCents),
    totalTrades24h: row.trade_count,
    averagePrice24h: formatCents(tonnes > 0n ? roundHalfUp(volumeCents, tonnes) : 0n),
    activeOrders: row.active_orders,
    totalQuantity24h: Number(tonnes),
  };
}

/** The latest `limit` OHLCV candles of the project ending at `now`, oldest first (see buildCandles). */
export async function priceHistory(db: Database, projectId: number, interval: CandleInterval, limit: number, now: Date): Promise<Candle[]> {
  const since = new Date(candleWindowStartMs(now.getTime(), interval, limit));
  const rows = await db
    .select({ id: trades.id, createdAt: trades.createdAt, priceCents: trades.priceCents, quantity: trades.quantity })
    .from(trades)
    .where(and(eq(trades.projectId, projectId), gte(trades.createdAt, since)))
    .orderBy(asc(trades.createdAt), asc(trades.id));
  const candles = buildCandles(rows.map((row) => ({ id: row.id, timeMs: row.createdAt.getTime(), priceCents: row.priceCents, quantityTonnes: row.quantity })), interval, limit);
  return candles.map((candle) => ({
    time: new Date(candle.timeMs).toISOString(),
    open: formatCents(candle.openCents),
    high: formatCents(candle.highCents),
    low: formatCents(candle.lowCents),
    close: formatCents(candle.closeCents),
    volume: candle.volumeTonnes,
  }));
}
