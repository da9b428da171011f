// Issue 31: the market-data feed's latency, from an order sent to the diff that shows it arriving at a client (a
// real EventSource on the project's feed stream), on a quiet server and while 50 connections of crossing orders run
// on another project. Run: npm run bench -- feed-latency   (BENCH_FEED_PROBES, default 100 per phase)
import { EventSource } from 'eventsource';
import { signUpMany, startServer } from './support/harness';
import { loadCrossingOrders, prepareCrossingMarket } from './support/crossing-orders';

const PROBE_PROJECT = 'Bangladesh Efficient Brick Kilns';

interface Diff { bids: { price: string; quantity: number }[] }

async function post(baseUrl: string, path: string, cookie: string, body: unknown, method = 'POST'): Promise<{ order?: { id: number } }> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { order?: { id: number } };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function run(): Promise<void> {
  const probes = Number(process.env.BENCH_FEED_PROBES ?? 100);
  const server = await startServer('bench/support/bench-server.ts', { CHAIN_ENABLED: 'true' });
  try {
    const projects = (await (await fetch(`${server.baseUrl}/api/projects`)).json()) as { id: number; name: string }[];
    const project = projects.find((candidate) => candidate.name === PROBE_PROJECT)!;
    const [prober] = await signUpMany(server.baseUrl, 1, 'feed-probe');
    const market = await prepareCrossingMarket(server.baseUrl, 'feed-load');
    const waiting = new Map<string, () => void>();
    const source = new EventSource(`${server.baseUrl}/api/trading/feed/${project.id}/stream`);
    await new Promise<void>((resolve) => source.addEventListener('snapshot', () => resolve(), { once: true }));
    source.addEventListener('diff', (event) => {
      for (const level of (JSON.parse(event.data) as Diff).bids) if (level.quantity > 0) waiting.get(level.price)?.();
    });

    const measure = async (label: string) => {
      const latencies: number[] = [];
      for (let i = 0; i < probes; i++) {
        const price = (1 + (i % 90) / 100).toFixed(2);
        const seen = new Promise<void>((resolve) => waiting.set(price, resolve));
        const start = performance.now();
        const placed = await post(server.baseUrl, '/api/trading/orders', prober, { projectId: project.id, orderType: 'buy', quantity: 1, pricePerCredit: price });
        await seen;
        latencies.push(performance.now() - start);
        waiting.delete(price);
        await post(server.baseUrl, `/api/trading/orders/${placed.order!.id}/cancel`, prober, undefined, 'PATCH');
      }
      latencies.sort((a, b) => a - b);
      console.log(`${label}: order sent → diff received, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (${probes} orders; the feed coalesces 50 ms)`);
    };
    await measure('quiet server');
    const load = loadCrossingOrders(server.baseUrl, market, 50, 1);
    await measure('beside 50 connections of crossing orders');
    const loaded = await load;
    console.log(`  (the crossing orders meanwhile: ${Math.round(loaded.requestsPerSecond).toLocaleString('en-US')}/s)`);
    source.close();
  } finally {
    await server.stop();
  }
}
