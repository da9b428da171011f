import { describe, expect, it } from 'vitest';
import { bucketStartMs, buildCandles, candleWindowStartMs, type CandleTrade } from '@/domain/trading/candles';

const at = (iso: string) => Date.parse(iso);
let nextId = 1;
const trade = (iso: string, priceCents: bigint, quantityTonnes: number, id = nextId++): CandleTrade => ({ id, timeMs: at(iso), priceCents, quantityTonnes });

describe('bucketStartMs', () => {
  it.each([
    ['1h', '2026-11-22T10:59:59.999Z', '2026-11-22T10:00:00.000Z'],
    ['1h', '2026-11-22T11:00:00.000Z', '2026-11-22T11:00:00.000Z'],
    ['1d', '2026-11-22T23:59:59.000Z', '2026-11-22T00:00:00.000Z'],
    // 2026-11-22 is a Sunday: its week began on Monday the 16th.
    ['1w', '2026-11-22T23:00:00.000Z', '2026-11-16T00:00:00.000Z'],
    ['1w', '2026-11-23T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    ['1w', '1970-01-01T00:00:00.000Z', '1969-12-29T00:00:00.000Z'],
  ] as const)('%s bucket of %s starts at %s', (interval, time, start) => {
    expect(new Date(bucketStartMs(at(time), interval)).toISOString()).toBe(start);
  });
});

describe('buildCandles', () => {
  it('builds exact OHLCV per hour from trades in execution order', () => {
    const trades = [
      trade('2026-11-22T10:05:00Z', 1850n, 3),
      trade('2026-11-22T10:20:00Z', 1900n, 1),
      trade('2026-11-22T10:40:00Z', 1790n, 2),
      trade('2026-11-22T10:50:00Z', 1820n, 4),
      trade('2026-11-22T12:01:00Z', 1830n, 5),
    ];
    expect(buildCandles(trades, '1h', 100)).toEqual([
      { timeMs: at('2026-11-22T10:00:00Z'), openCents: 1850n, highCents: 1900n, lowCents: 1790n, closeCents: 1820n, volumeTonnes: 10 },
      { timeMs: at('2026-11-22T12:00:00Z'), openCents: 1830n, highCents: 1830n, lowCents: 1830n, closeCents: 1830n, volumeTonnes: 5 },
    ]);
  });

  it('orders trades of the same instant by id, whatever order they come in', () => {
    const trades = [trade('2026-11-22T10:00:00Z', 2000n, 1, 11), trade('2026-11-22T10:00:00Z', 1000n, 1, 10)];
    const [candle] = buildCandles(trades, '1d', 10);
    expect([candle.openCents, candle.closeCents]).toEqual([1000n, 2000n]);
  });

  it('merges days into ISO weeks', () => {
    const trades = [trade('2026-11-16T00:00:00Z', 100n, 1), trade('2026-11-22T23:59:59Z', 300n, 2), trade('2026-11-23T00:00:00Z', 200n, 4)];
    expect(buildCandles(trades, '1w', 10).map((candle) => [new Date(candle.timeMs).toISOString().slice(0, 10), candle.closeCents, candle.volumeTonnes]))
      .toEqual([['2026-11-16', 300n, 3], ['2026-11-23', 200n, 4]]);
  });

  it('keeps only the latest `limit` candles and leaves gaps empty', () => {
    const trades = [1, 2, 5, 9].map((day) => trade(`2026-11-0${day}T12:00:00Z`, BigInt(day * 100), day));
    const candles = buildCandles(trades, '1d', 2);
    expect(candles.map((candle) => candle.closeCents)).toEqual([500n, 900n]);
    expect(buildCandles(trades, '1d', 0)).toEqual([]);
    expect(buildCandles([], '1h', 100)).toEqual([]);
  });
});

describe('candleWindowStartMs', () => {
  it('reaches back to the start of the oldest of `limit` buckets', () => {
    expect(new Date(candleWindowStartMs(at('2026-11-22T10:30:00Z'), '1h', 3)).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(new Date(candleWindowStartMs(at('2026-11-22T10:30:00Z'), '1w', 2)).toISOString()).toBe('2026-11-09T00:00:00.000Z');
  });
});
