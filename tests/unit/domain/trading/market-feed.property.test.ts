import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDiff, diffLevels, FEED_DEPTH, type FeedBook, type FeedLevel } from '@/domain/trading/market-feed';

// Issue 31's feed: a client that applies every diff to its snapshot holds what a fresh snapshot shows, and one that
// misses a diff never applies a later one onto the wrong state. Seeded: MARKET_FEED_SEED=<the printed seed> replays.
const seed = Number(process.env.MARKET_FEED_SEED ?? Date.now() % 2 ** 31);

/** A side as the server reads it: distinct prices, best first, at most FEED_DEPTH levels. */
const side = (descending: boolean) => fc.uniqueArray(fc.record({
  priceCents: fc.bigInt({ min: 100n, max: 160n }), tonnes: fc.integer({ min: 1, max: 9 }), orders: fc.integer({ min: 1, max: 3 }),
}), { selector: (level) => level.priceCents, maxLength: FEED_DEPTH })
  .map((levels) => [...levels].sort((a, b) => (a.priceCents === b.priceCents ? 0 : (a.priceCents < b.priceCents) === descending ? 1 : -1)));
const state = fc.record({ bids: side(true), asks: side(false), newTrades: fc.integer({ min: 0, max: 3 }) });

/** The server's states one after another (seq 1, 2, …) and the diffs between them, as the publisher makes them. */
function publish(states: { bids: FeedLevel[]; asks: FeedLevel[]; newTrades: number }[]) {
  let tradeId = 0;
  const books: FeedBook[] = [];
  for (const [index, next] of states.entries()) {
    const trades = Array.from({ length: next.newTrades }, () => ({ id: ++tradeId }));
    const previous = books.at(-1);
    books.push({ seq: index + 1, bids: next.bids, asks: next.asks, trades: [...trades.reverse(), ...(previous?.trades ?? [])].slice(0, 50) });
  }
  const diffs = books.slice(1).map((book, index) => ({
    prevSeq: books[index].seq, seq: book.seq, bids: diffLevels(books[index].bids, book.bids), asks: diffLevels(books[index].asks, book.asks),
    trades: book.trades.filter((trade) => trade.id > (books[index].trades[0]?.id ?? 0)).reverse(),
  }));
  return { books, diffs };
}

describe('the feed\'s diffs', () => {
  it('bring a snapshot to every later state, and a missed one is a gap, never a wrong book', () => {
    fc.assert(fc.property(fc.array(state, { minLength: 2, maxLength: 12 }), fc.option(fc.nat(), { nil: null }), (states, drop) => {
      const { books, diffs } = publish(states);
      let book: FeedBook | null = books[0];
      const dropped = drop === null ? -1 : drop % diffs.length;
      for (const [index, diff] of diffs.entries()) {
        if (index === dropped || book === null) continue;
        const step: ReturnType<typeof applyDiff> = applyDiff(book, diff);
        if (step.kind === 'applied') {
          book = step.book;
          expect(book).toEqual(books[index + 1]);
        } else {
          expect(step.kind).toBe('gap');
          expect(index).toBeGreaterThan(dropped);
          book = null;
        }
      }
      if (dropped === -1) expect(book).toEqual(books.at(-1));
      // A diff that was already applied (a duplicate delivery) changes nothing.
      expect(applyDiff(books.at(-1)!, diffs.at(-1)!).kind).toBe('stale');
    }), { seed, numRuns: 300 });
  });
});
