import type { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@/shared/schemas/project';
import type { FeedSnapshot } from '@/shared/schemas/trading';
import { FeedFollower, type FeedSource } from '@/client/features/trading/lib/feed-follower';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { findProject, ROOMY_RATE_LIMIT } from '@tests/support/api-calls';
import { asShown, listenOnLoopback, openFeedSource, readFeedStreamStart, shownBook } from '@tests/support/feed-client';
import { cancelOrder, marketOrder, newTrader, placeOrder, send, type Trader } from './trading-kit';

// Issue 31's sequenced market-data feed, followed by a real EventSource client (the `eventsource` package) through
// the client's own FeedFollower: a snapshot, diffs chained by seq, a lost message seen as a gap and a resync.

let t: TestApp;
let baseUrl: string;
let project: Project;
let seller: Trader;
let buyer: Trader;
const sources: EventSource[] = [];

beforeAll(async () => {
  t = await createTestApp(ROOMY_RATE_LIMIT);
  baseUrl = await listenOnLoopback(t.app);
  project = await findProject(t.app, 'Pennsylvania Coal Mine Methane');
  seller = await newTrader(t.app, project, 30, 'Seller');
  buyer = await newTrader(t.app, project, 0, 'Buyer');
});
afterAll(async () => {
  for (const source of sources) source.close();
  await t?.close();
});

async function freshSnapshot(): Promise<FeedSnapshot> {
  const response = await send(t.app, 'GET', `/api/trading/feed/${project.id}`);
  expect(response.statusCode).toBe(200);
  return response.json() as FeedSnapshot;
}

/** A follower on a real EventSource; `dropNext()` swallows the next diff, as a lossy network would. */
function follow() {
  let dropping = false;
  const follower = new FeedFollower({
    changed: () => {},
    // As the terminal does: a new connection, which starts with a snapshot.
    resync: () => connect(),
  });
  let source: EventSource;
  const connect = () => {
    source?.close();
    source = openFeedSource(baseUrl, project.id, sources);
    const lossy: FeedSource = {
      addEventListener: (type, listener) => source.addEventListener(type, (event) => {
        if (type === 'diff' && dropping) {
          dropping = false;
          return;
        }
        listener(event as MessageEvent<string>);
      }),
    };
    follower.follow(lossy);
  };
  connect();
  return { follower, dropNext: () => { dropping = true; } };
}

describe('GET /api/trading/feed/:projectId', () => {
  it('answers the best levels, the latest trades and seq, and 404 for an unknown project', async () => {
    await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 2, pricePerCredit: '30.00' });
    const snapshot = await freshSnapshot();
    expect(snapshot.seq).toBeGreaterThan(0);
    expect(snapshot.asks[0]).toMatchObject({ price: '30.00', quantity: 2, orders: 1 });
    expect((await send(t.app, 'GET', '/api/trading/feed/999999')).statusCode).toBe(404);
  });
});

describe('the feed stream', () => {
  it('keeps a follower equal to a fresh snapshot through orders, trades and cancels', async () => {
    const { follower } = follow();
    await expect.poll(() => follower.book !== null).toBe(true);
    await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 3, pricePerCredit: '31.00' });
    const bid = (await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 2, pricePerCredit: '25.00' })).json().order.id;
    await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '24.50' });
    expect((await cancelOrder(t.app, buyer, bid)).statusCode).toBe(200);
    expect((await marketOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 3 })).statusCode).toBe(200);
    const snapshot = await freshSnapshot();
    expect(snapshot.trades.length).toBeGreaterThan(0);
    await expect.poll(() => shownBook(follower), { timeout: 5000 }).toEqual(asShown(snapshot));
    expect(follower.applied).toBeGreaterThan(0);
    expect(follower.gaps).toBe(0);
  });

  it('sees a lost diff as a gap, takes a new snapshot and ends equal to the market', async () => {
    const { follower, dropNext } = follow();
    await expect.poll(() => follower.book !== null).toBe(true);
    dropNext();
    await placeOrder(t.app, seller, { projectId: project.id, orderType: 'sell', quantity: 1, pricePerCredit: '33.00' });
    await expect.poll(async () => (await freshSnapshot()).asks.some((level) => level.price === '33.00')).toBe(true);
    // The diff of that order was dropped: the follower learns of it only from the next diff's prevSeq.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(follower.gaps).toBe(0);
    await placeOrder(t.app, buyer, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: '24.00' });
    await expect.poll(() => follower.gaps, { timeout: 5000 }).toBe(1);
    await expect.poll(async () => JSON.stringify(shownBook(follower)) === JSON.stringify(asShown(await freshSnapshot())), { timeout: 5000 }).toBe(true);
  });

  it('resumes without a snapshot when Last-Event-ID is where the feed stands', async () => {
    const seq = (await freshSnapshot()).seq;
    const read = (headers: Record<string, string>) => readFeedStreamStart(baseUrl, project.id, headers);
    expect(await read({})).toContain(`event: snapshot\nid: ${seq}\n`);
    expect(await read({ 'last-event-id': String(seq) })).not.toContain('event: snapshot');
    expect(await read({ 'last-event-id': String(seq - 1) })).toContain('event: snapshot');
  });
});
