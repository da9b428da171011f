/**
 * The sequenced market-data feed of one project (issue 31): a snapshot carrying `seq`, then diffs, each covering the
 * changes from its `prevSeq` to its `seq`. The numbers are the project's ledger version in the database, bumped by
 * every write that locks the project, so every instance labels the same state with the same number; an instance may
 * fold several versions into one diff (versions that changed no market data send nothing). A diff applies to the
 * state at its `prevSeq` exactly: its levels are the net changes between two reads, and a level that moved and moved
 * back in between is not in it.
 */

/** One price level of the feed's view of a side: the best FEED_DEPTH levels. */
export interface FeedLevel {
  priceCents: bigint;
  tonnes: number;
  orders: number;
}

/** A trade as the feed carries it: whatever shape, with its id (trade ids grow in commit order within a project). */
export interface FeedTrade {
  id: number;
}

export interface FeedBook<T extends FeedTrade = FeedTrade> {
  seq: number;
  /** Best first: bids from the highest price, asks from the lowest. */
  bids: FeedLevel[];
  asks: FeedLevel[];
  /** Newest first, at most FEED_TRADES. */
  trades: T[];
}

export interface FeedDiff<T extends FeedTrade = FeedTrade> {
  prevSeq: number;
  seq: number;
  /** Changed levels only; tonnes 0: the level left the view. */
  bids: FeedLevel[];
  asks: FeedLevel[];
  /** Trades since `prevSeq`, oldest first. */
  trades: T[];
}

/** Levels per side in the view the feed keeps. */
export const FEED_DEPTH = 50;
/** Trades a snapshot carries. */
export const FEED_TRADES = 50;

/** The levels of `next` that differ from `previous`, and those of `previous` gone from `next` (as 0 t). */
export function diffLevels(previous: readonly FeedLevel[], next: readonly FeedLevel[]): FeedLevel[] {
  const before = new Map(previous.map((level) => [level.priceCents, level]));
  const changed: FeedLevel[] = [];
  for (const level of next) {
    const old = before.get(level.priceCents);
    if (!old || old.tonnes !== level.tonnes || old.orders !== level.orders) changed.push(level);
    before.delete(level.priceCents);
  }
  for (const gone of before.values()) changed.push({ priceCents: gone.priceCents, tonnes: 0, orders: 0 });
  return changed;
}

/** A side after its changed levels, best first (`descending` for bids), cut to FEED_DEPTH. */
export function applyLevels(side: readonly FeedLevel[], changes: readonly FeedLevel[], descending: boolean): FeedLevel[] {
  const levels = new Map(side.map((level) => [level.priceCents, level]));
  for (const change of changes) {
    if (change.tonnes === 0) levels.delete(change.priceCents);
    else levels.set(change.priceCents, change);
  }
  return [...levels.values()]
    .sort((a, b) => (a.priceCents === b.priceCents ? 0 : (a.priceCents < b.priceCents) === descending ? 1 : -1))
    .slice(0, FEED_DEPTH);
}

export type FeedStep<T extends FeedTrade = FeedTrade> =
  | { kind: 'applied'; book: FeedBook<T> }
  /** Already contained in the book (a diff up to an older or the same state). */
  | { kind: 'stale' }
  /** The diff does not start at the book's state (a message was lost): take a new snapshot. */
  | { kind: 'gap' };

/** What a client does with a diff: apply it when it starts at the book's state. */
export function applyDiff<T extends FeedTrade>(book: FeedBook<T>, diff: FeedDiff<T>): FeedStep<T> {
  if (diff.seq <= book.seq) return { kind: 'stale' };
  if (diff.prevSeq !== book.seq) return { kind: 'gap' };
  const newestId = book.trades[0]?.id ?? 0;
  const fresh = diff.trades.filter((trade) => trade.id > newestId).reverse();
  return {
    kind: 'applied',
    book: {
      seq: diff.seq,
      bids: applyLevels(book.bids, diff.bids, true),
      asks: applyLevels(book.asks, diff.asks, false),
      trades: [...fresh, ...book.trades].slice(0, FEED_TRADES),
    },
  };
}
