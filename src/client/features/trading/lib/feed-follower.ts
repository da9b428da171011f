import { applyDiff, type FeedBook, type FeedLevel } from '@/domain/trading/market-feed';
import { toCents } from '@/client/lib/format';
import type { FeedDiffWire, FeedLevelWire, FeedSnapshot, Trade } from '@/shared/schemas/trading';

/**
 * Keeps a local copy of one project's market from its feed (docs/api.md, "Market-data feed"): the stream's snapshot,
 * then each diff that starts where the copy stands. A diff that does not (a message was lost) makes it ask for a
 * new snapshot (`resync`: the caller reconnects the stream, which starts with one) and ignore diffs until it comes.
 * Works with any EventSource: the browser's, or the `eventsource` package in Node.
 */
export interface FeedSource {
  addEventListener(type: string, listener: (event: { data: string }) => void): void;
}

const levelFrom = (level: FeedLevelWire): FeedLevel => ({ priceCents: toCents(level.price)!, tonnes: level.quantity, orders: level.orders });

export class FeedFollower {
  book: FeedBook<Trade> | null = null;
  /** Diffs applied, and gaps seen, since it started: what a test or a status line can show. */
  applied = 0;
  gaps = 0;

  constructor(private readonly handlers: { changed: (book: FeedBook<Trade>, via: 'snapshot' | 'diff') => void; resync: () => void }) {}

  follow(source: FeedSource): void {
    source.addEventListener('snapshot', (event) => this.snapshot(JSON.parse(event.data) as FeedSnapshot));
    source.addEventListener('diff', (event) => this.diff(JSON.parse(event.data) as FeedDiffWire));
    source.addEventListener('resync', () => this.lost());
  }

  snapshot(snapshot: FeedSnapshot): void {
    this.book = { seq: snapshot.seq, bids: snapshot.bids.map(levelFrom), asks: snapshot.asks.map(levelFrom), trades: snapshot.trades };
    this.handlers.changed(this.book, 'snapshot');
  }

  diff(diff: FeedDiffWire): void {
    if (!this.book) return;
    const step = applyDiff(this.book, { ...diff, bids: diff.bids.map(levelFrom), asks: diff.asks.map(levelFrom) });
    if (step.kind === 'gap') return this.lost();
    if (step.kind === 'stale') return;
    this.book = step.book;
    this.applied += 1;
    this.handlers.changed(this.book, 'diff');
  }

  private lost(): void {
    this.gaps += 1;
    this.book = null;
    this.handlers.resync();
  }
}
