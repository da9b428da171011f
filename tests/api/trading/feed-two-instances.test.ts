import type { FastifyInstance } from 'fastify';
import type { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '@/server/app-deps';
import { closeAppDeps, createAppDeps } from '@/server/bootstrap';
import { testConfig } from '@/server/config';
import type { Project } from '@/shared/schemas/project';
import type { FeedDiffWire, FeedSnapshot } from '@/shared/schemas/trading';
import { FeedFollower } from '@/client/features/trading/lib/feed-follower';
import { buildCheckedApp, createTestApp, type TestApp } from '@tests/support/test-app';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { asShown, baseUrlOf, listenOnLoopback, openFeedSource, readFeedStreamStart, shownBook } from '@tests/support/feed-client';
import { cancelOrder, marketOrder, newTrader, placeOrder, send, type Trader } from './trading-kit';

// Issue 31 item 3: "every instance serves the same sequence". Two app instances on one PostgreSQL database, each with
// its own pool and its own MarketEvents (notices travel only through LISTEN/NOTIFY, the market-events bridge). Orders go
// through instance A; a feed client (the `eventsource` package, through the client's FeedFollower) on A and one on B
// must see the same seq numbers and the same book, their diffs chained without a gap or a resync. PostgreSQL only: on
// PGlite a second instance would share the first one's process and events, which proves nothing.

let a: TestApp;
let b: { app: FastifyInstance; deps: AppDeps; close(): Promise<void> };
let project: Project;
let seller: Trader;
let buyer: Trader;
const sources: EventSource[] = [];

/**
 * A FeedFollower on a real EventSource, recording what the stream said: the snapshot's seq, then each diff's
 * prevSeq → seq, and any resync. A gap makes the follower ask for a resync, which this test counts and never expects.
 */
function follow(baseUrl: string) {
  const seen = { snapshots: [] as number[], diffs: [] as Array<[prevSeq: number, seq: number]>, resyncs: 0 };
  const follower = new FeedFollower({ changed: () => {}, resync: () => { seen.resyncs += 1; } });
  const source = openFeedSource(baseUrl, project.id, sources);
  source.addEventListener('snapshot', (event) => seen.snapshots.push((JSON.parse(event.data) as FeedSnapshot).seq));
  source.addEventListener('diff', (event) => {
    const diff = JSON.parse(event.data) as FeedDiffWire;
    seen.diffs.push([diff.prevSeq, diff.seq]);
  });
  source.addEventListener('resync', () => { seen.resyncs += 1; });
  follower.follow({ addEventListener: (type, listener) => source.addEventListener(type, (event) => listener(event as MessageEvent<string>)) });
  return { follower, seen };
}

async function snapshotOf(app: FastifyInstance): Promise<FeedSnapshot> {
  const response = await send(app, 'GET', `/api/trading/feed/${project.id}`);
  expect(response.statusCode).toBe(200);
  return response.json() as FeedSnapshot;
}

/** The prevSeq → seq links chain from the snapshot without a hole, and every seq is new. */
function expectChained(seen: { snapshots: number[]; diffs: Array<[number, number]> }) {
  expect(seen.snapshots).toHaveLength(1);
  let at = seen.snapshots[0];
  for (const [prevSeq, seq] of seen.diffs) {
    expect(prevSeq).toBe(at);
    expect(seq).toBeGreaterThan(prevSeq);
    at = seq;
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('the market-data feed on two instances of one PostgreSQL database', () => {
  beforeAll(async () => {
    a = await createTestApp(ROOMY_RATE_LIMIT);
    const deps = await createAppDeps(testConfig({ ...ROOMY_RATE_LIMIT, databaseUrl: a.deps.config.databaseUrl }));
    const app = await buildCheckedApp(deps, { clientDist: '/nonexistent' });
    await app.ready();
    b = { app, deps, close: async () => { await app.close(); await closeAppDeps(deps); } };
    project = await findProject(a.app, 'Pennsylvania Coal Mine Methane');
    seller = await newTrader(a.app, project, 40, 'Feed seller');
    buyer = await newTrader(a.app, project, 0, 'Feed buyer');
  });
  afterAll(async () => {
    for (const source of sources) source.close();
    await b?.close();
    await a?.close();
  });

  it('serves the same seq numbers and the same book on B as on A for orders placed through A', async () => {
    const [urlA, urlB] = [await listenOnLoopback(a.app), await listenOnLoopback(b.app)];
    const onA = follow(urlA);
    const onB = follow(urlB);
    await expect.poll(() => onA.follower.book !== null && onB.follower.book !== null).toBe(true);
    expect(onB.seen.snapshots).toEqual(onA.seen.snapshots);

    const steps: Array<() => Promise<{ statusCode: number }>> = [
      () => placeOrder(a.app, seller, { projectId: project.id, orderType: 'sell', quantity: 3, pricePerCredit: '31.00' }),
      () => placeOrder(a.app, seller, { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: '32.50' }),
      () => placeOrder(a.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 2, pricePerCredit: '25.00' }),
      () => placeOrder(a.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '24.50' }),
      () => marketOrder(a.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 4 }),
      () => placeOrder(a.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '32.50' }),
    ];
    const bidToCancel: { id?: number } = {};
    steps.push(async () => {
      const placed = await placeOrder(a.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '20.00' });
      bidToCancel.id = placed.json().order.id as number;
      return placed;
    });
    steps.push(() => cancelOrder(a.app, buyer, bidToCancel.id!));

    // One change at a time, each settled on both instances before the next: both then must have sent the same diffs.
    for (const step of steps) {
      expect([200, 201]).toContain((await step()).statusCode);
      const snapshot = asShown(await snapshotOf(b.app));
      await expect.poll(() => shownBook(onA.follower), { timeout: 5000 }).toEqual(snapshot);
      await expect.poll(() => shownBook(onB.follower), { timeout: 5000 }).toEqual(snapshot);
    }

    expect(onB.follower.applied).toBeGreaterThanOrEqual(steps.length);
    for (const { follower, seen } of [onA, onB]) {
      expect(follower.gaps).toBe(0);
      expect(seen.resyncs).toBe(0);
      expectChained(seen);
    }
    expect(onB.seen.diffs).toEqual(onA.seen.diffs);
    expect(await snapshotOf(a.app)).toEqual(await snapshotOf(b.app));
  });

  it('lets a client that reconnects to the other instance resume at its seq, without a snapshot', async () => {
    const seq = (await snapshotOf(a.app)).seq;
    const read = (lastEventId: number) => readFeedStreamStart(baseUrlOf(b.app), project.id, { 'last-event-id': String(lastEventId) });
    expect(await read(seq)).not.toContain('event: snapshot');
    expect(await read(seq - 1)).toContain(`event: snapshot\nid: ${seq}\n`);
  });
});
