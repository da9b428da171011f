import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { firstRow, parseJson } from '@/server/db/sql-values';
import { formatCents } from '@/domain/money';
import { diffLevels, FEED_DEPTH, FEED_TRADES, type FeedLevel } from '@/domain/trading/market-feed';
import type { FeedDiffWire, FeedLevelWire, FeedSnapshot, Trade } from '@/shared/schemas/trading';
import type { MarketEvents } from '@/server/services/market-events';
import { bookSideLevels, type BookLevelRow } from '@/server/services/trading/order-queries';

/** At most one read (and diff) per project per window: a burst of batches is one message, not fifty. */
export const FEED_COALESCE_MS = 50;
/** More new trades than this between two reads: the diff would be too large, so every client takes a new snapshot. */
const MAX_TRADES_PER_DIFF = 500;

interface TradeRow { id: number; buy_order_id: number | null; sell_order_id: number | null; price_cents: string; quantity: number; total_cents: string; created_at: string }

export interface FeedState {
  seq: number;
  bids: FeedLevel[];
  asks: FeedLevel[];
  /** Newest first when read for a snapshot; oldest first when read after a trade id. */
  trades: Trade[];
}

/**
 * The project's feed state in ONE statement (one snapshot of the database): its version (`seq`), the best FEED_DEPTH
 * levels of each side, and either the latest FEED_TRADES trades (`afterTradeId` null) or the trades after that id,
 * oldest first (up to MAX_TRADES_PER_DIFF + 1). Null for an unknown project.
 */
export async function readFeedState(db: Database, projectId: number, afterTradeId: number | null): Promise<FeedState | null> {
  const trades = afterTradeId === null
    ? sql`select * from trades where project_id = ${projectId}::int order by id desc limit ${FEED_TRADES}::int`
    : sql`select * from trades where project_id = ${projectId}::int and id > ${afterTradeId}::int order by id limit ${MAX_TRADES_PER_DIFF + 1}::int`;
  const row = firstRow<{ found: boolean; seq: number | null; bids: unknown; asks: unknown; trades: unknown }>(await db.execute(sql`
    select exists (select 1 from projects where id = ${projectId}::int) as found,
      (select lots_version::float8 from project_versions where project_id = ${projectId}::int) as seq,
      (${bookSideLevels(projectId, 'buy', FEED_DEPTH)}) as bids, (${bookSideLevels(projectId, 'sell', FEED_DEPTH)}) as asks,
      (select coalesce(json_agg(json_build_object('id', t.id, 'buy_order_id', t.buy_order_id, 'sell_order_id', t.sell_order_id,
        'price_cents', t.price_cents::text, 'quantity', t.quantity, 'total_cents', t.total_cents::text, 'created_at', t.created_at)), '[]'::json)
        from (${trades}) t) as trades`));
  if (!row.found) return null;
  const level = (level: BookLevelRow): FeedLevel => ({ priceCents: BigInt(level.price_cents), tonnes: Number(level.tonnes), orders: level.orders });
  return {
    seq: Number(row.seq ?? 0),
    bids: parseJson<BookLevelRow[]>(row.bids).map(level),
    asks: parseJson<BookLevelRow[]>(row.asks).map(level),
    trades: parseJson<TradeRow[]>(row.trades).map((trade) => ({
      id: trade.id, projectId, buyOrderId: trade.buy_order_id, sellOrderId: trade.sell_order_id, pricePerCredit: formatCents(BigInt(trade.price_cents)),
      quantity: trade.quantity, totalValue: formatCents(BigInt(trade.total_cents)), createdAt: new Date(trade.created_at).toISOString(),
    })),
  };
}

export const levelToWire = (level: FeedLevel): FeedLevelWire => ({ price: formatCents(level.priceCents), quantity: level.tonnes, orders: level.orders });

export function snapshotToWire(projectId: number, state: FeedState): FeedSnapshot {
  return { projectId, seq: state.seq, bids: state.bids.map(levelToWire), asks: state.asks.map(levelToWire), trades: state.trades };
}

export type FeedMessage = { kind: 'diff'; diff: FeedDiffWire } | { kind: 'resync' };
type Listener = (message: FeedMessage) => void;

interface ProjectFeed {
  state: FeedState;
  listeners: Set<Listener>;
  timer: NodeJS.Timeout | null;
  reading: boolean;
  /** A change arrived while a read was under way: read again after it. */
  dirty: boolean;
  lastReadMs: number;
}

/**
 * The feed of this instance: per project with at least one subscriber, the last state read and the diffs between
 * reads. A read follows every change notice of the project (this instance's writes, and other instances' through the
 * PostgreSQL bridge), coalesced FEED_COALESCE_MS; nothing is read for projects nobody follows, so the write paths pay
 * nothing. The numbers come from the database, so a client moving to another instance keeps its numbering.
 */
export class MarketFeed {
  private readonly projects = new Map<number, ProjectFeed>();
  private readonly opening = new Map<number, Promise<ProjectFeed | null>>();
  private readonly unsubscribeEvents: () => void;

  constructor(private readonly db: Database, events: MarketEvents, private readonly log: (error: unknown) => void = () => {}) {
    this.unsubscribeEvents = events.subscribe((event) => {
      if (event.type === 'project') this.changed(event.projectId);
    });
  }

  /** Follows the project: its current snapshot, and `listener` for every later diff. Null for an unknown project. */
  async subscribe(projectId: number, listener: Listener): Promise<{ snapshot: FeedSnapshot; unsubscribe: () => void } | null> {
    const feed = this.projects.get(projectId) ?? await this.open(projectId);
    if (!feed) return null;
    feed.listeners.add(listener);
    return {
      snapshot: snapshotToWire(projectId, feed.state),
      unsubscribe: () => {
        feed.listeners.delete(listener);
        if (feed.listeners.size === 0 && this.projects.get(projectId) === feed) {
          if (feed.timer) clearTimeout(feed.timer);
          this.projects.delete(projectId);
        }
      },
    };
  }

  close(): void {
    this.unsubscribeEvents();
    for (const feed of this.projects.values()) if (feed.timer) clearTimeout(feed.timer);
    this.projects.clear();
  }

  private open(projectId: number): Promise<ProjectFeed | null> {
    let pending = this.opening.get(projectId);
    if (!pending) {
      pending = readFeedState(this.db, projectId, null).then((state) => {
        if (!state) return null;
        const feed: ProjectFeed = { state, listeners: new Set(), timer: null, reading: false, dirty: false, lastReadMs: 0 };
        this.projects.set(projectId, feed);
        return feed;
      }).finally(() => this.opening.delete(projectId));
      this.opening.set(projectId, pending);
    }
    return pending;
  }

  private changed(projectId: number): void {
    const feed = this.projects.get(projectId);
    if (!feed) return;
    if (feed.reading) feed.dirty = true;
    // At most one read per window, the first at once: a lone order reaches clients in milliseconds, a burst in one diff.
    else if (!feed.timer) feed.timer = setTimeout(() => void this.read(projectId, feed), Math.max(0, feed.lastReadMs + FEED_COALESCE_MS - Date.now()));
  }

  private async read(projectId: number, feed: ProjectFeed): Promise<void> {
    feed.timer = null;
    feed.reading = true;
    feed.lastReadMs = Date.now();
    try {
      const newestId = feed.state.trades[0]?.id ?? 0;
      const next = await readFeedState(this.db, projectId, newestId);
      if (!next || this.projects.get(projectId) !== feed) return;
      if (next.trades.length > MAX_TRADES_PER_DIFF) {
        feed.state = (await readFeedState(this.db, projectId, null)) ?? feed.state;
        for (const listener of feed.listeners) listener({ kind: 'resync' });
        return;
      }
      const bids = diffLevels(feed.state.bids, next.bids);
      const asks = diffLevels(feed.state.asks, next.asks);
      // A change of the project that moved no market data (a purchase, a refused order) sends nothing, and the state
      // keeps the last seq sent: the next diff starts where the clients are.
      if (bids.length === 0 && asks.length === 0 && next.trades.length === 0) return;
      const diff: FeedDiffWire = {
        projectId, prevSeq: feed.state.seq, seq: next.seq, bids: bids.map(levelToWire), asks: asks.map(levelToWire), trades: next.trades,
      };
      feed.state = { seq: next.seq, bids: next.bids, asks: next.asks, trades: [...[...next.trades].reverse(), ...feed.state.trades].slice(0, FEED_TRADES) };
      for (const listener of feed.listeners) listener({ kind: 'diff', diff });
    } catch (error) {
      this.log(error);
    } finally {
      feed.reading = false;
      if (feed.dirty) {
        feed.dirty = false;
        this.changed(projectId);
      }
    }
  }
}
