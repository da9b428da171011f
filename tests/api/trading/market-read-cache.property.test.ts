import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candle, marketStats, orderBook, trade } from '@/shared/schemas/trading';
import { marketStats as loadMarketStats, priceHistory, recentTrades } from '@/server/services/trading/market-queries';
import { orderBookDepth } from '@/server/services/trading/order-queries';
import type { Project } from '@/shared/schemas/project';
import { formatCents } from '@/domain/money';
import { buyCredits, findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { cancelOrder, marketOrder, newTrader, placeOrder, send, type Trader } from './trading-kit';

// The public market reads (order book, trades, stats, candles) are answered from MarketReadCache
// (services/trading/market-read-cache.ts), whose one invalidation rule is: a project's market event drops that project's
// entries and the market-wide ones. This property drives random orders, cancels, market orders and purchases through
// the app and, after each, holds every cached answer to a fresh read of the database by the same queries. The cache's
// time-to-live (1 s) never passes within a step, so only the invalidation keeps the answers right.
//
// Seeded: a failure prints its seed and path (fast-check's report); FC_SEED=<seed> runs the same cases again.

const SEED = Number(process.env.FC_SEED ?? 20261128);
const NOW = new Date('2026-11-28T12:00:00.000Z');

let t: TestApp;
beforeAll(async () => { t = await createTestApp(ROOMY_RATE_LIMIT, { clock: () => NOW }); });
afterAll(async () => { await t?.close(); });

type Operation =
  | { kind: 'limit'; trader: number; project: number; side: 'buy' | 'sell'; stepCents: number; quantity: number }
  | { kind: 'cancel'; trader: number; pick: number }
  | { kind: 'market'; trader: number; project: number; side: 'buy' | 'sell'; quantity: number }
  | { kind: 'purchase'; trader: number; project: number; quantity: number };

const TRADERS = 3;
const trader = fc.integer({ min: 0, max: TRADERS - 1 });
const project = fc.integer({ min: 0, max: 1 });
const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('limit' as const), trader, project, side, stepCents: fc.integer({ min: -2, max: 2 }), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('cancel' as const), trader, pick: fc.nat() }),
  fc.record({ kind: fc.constant('market' as const), trader, project, side, quantity: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('purchase' as const), trader, project, quantity: fc.integer({ min: 1, max: 2 }) }),
);

/** A loader's answer as the route sends it: through its response schema, then JSON. */
const asSent = (schema: z.ZodType, value: unknown): unknown => JSON.parse(JSON.stringify(z.encode(schema, value as never)));

describe('the market read cache', () => {
  let projects: Project[];
  let traders: Trader[];
  const openOrders = new Map<number, number[]>();

  beforeAll(async () => {
    projects = [await findProject(t.app, 'Katingan Peatland Restoration'), await findProject(t.app, 'Amazon Rainforest Conservation')];
    traders = [];
    for (let index = 0; index < TRADERS; index++) {
      const joined = await newTrader(t.app, projects[0], 30, `ReadCache${index}`);
      await buyCredits(t.app, joined.cookie, projects[1], 30);
      traders.push(joined);
    }
  });

  async function apply(step: Operation): Promise<void> {
    const who = traders[step.trader];
    if (step.kind === 'cancel') {
      const mine = openOrders.get(step.trader) ?? [];
      if (mine.length === 0) return;
      const [orderId] = mine.splice(step.pick % mine.length, 1);
      await cancelOrder(t.app, who, orderId);
      return;
    }
    const target = projects[step.project];
    if (step.kind === 'purchase') {
      await buyCredits(t.app, who.cookie, target, step.quantity);
      return;
    }
    if (step.kind === 'market') {
      await marketOrder(t.app, who, { projectId: target.id, orderType: step.side, quantity: step.quantity });
      return;
    }
    const priceCents = BigInt(target.pricePerCredit.replace('.', '')) + BigInt(step.stepCents * 10);
    const placed = await placeOrder(t.app, who, { projectId: target.id, orderType: step.side, quantity: step.quantity, pricePerCredit: formatCents(priceCents) });
    if (placed.statusCode === 201) openOrders.set(step.trader, [...(openOrders.get(step.trader) ?? []), placed.json().order.id]);
  }

  /** Every cached public read of both projects (and the market-wide stats) against the database read afresh. */
  async function expectCacheMatchesDatabase(): Promise<void> {
    const { db } = t.deps;
    const cached = async (url: string) => {
      const response = await send(t.app, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      return response.json() as unknown;
    };
    expect(await cached('/api/trading/stats')).toEqual(asSent(marketStats, await loadMarketStats(db, null, NOW)));
    for (const { id } of projects) {
      expect(await cached(`/api/trading/orderbook/${id}?depth=10`), `book ${id}`).toEqual(asSent(orderBook, await orderBookDepth(db, id, 10)));
      expect(await cached(`/api/trading/trades/${id}?limit=20`), `trades ${id}`).toEqual(asSent(z.array(trade), await recentTrades(db, id, 20)));
      expect(await cached(`/api/trading/stats/${id}`), `stats ${id}`).toEqual(asSent(marketStats, await loadMarketStats(db, id, NOW)));
      expect(await cached(`/api/trading/price-history/${id}?interval=1h&limit=24`), `candles ${id}`)
        .toEqual(asSent(z.array(candle), await priceHistory(db, id, '1h', 24, NOW)));
    }
  }

  it('answers every public read as a fresh read of the database would, after any sequence of writes', async () => {
    await fc.assert(fc.asyncProperty(fc.array(operation, { minLength: 3, maxLength: 8 }), async (steps) => {
      await expectCacheMatchesDatabase();
      for (const step of steps) {
        await apply(step);
        await expectCacheMatchesDatabase();
      }
    }), { seed: SEED, numRuns: 6, endOnFailure: true });
  });
});
