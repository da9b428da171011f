// Issue 28: speed that holds as history grows. ONE server (embedded defaults, chain on) driven for several rounds of
// the same mixed workload, the figures of every round printed, so that a server that has run for a while is measured
// rather than a fresh one. Each round: the bare-Fastify route (the yardstick, measured in the same round once the chain
// has anchored the previous round's writes), crossing
// 1 t limit orders, 1 t purchases and 1 t swaps on a 250 t pool (20 accounts each, alternating buy and sell), all at
// 50 connections, then all of them at once beside the reads of signed-in screens (the mixed measure, no target of its
// own). Targets as ratios to the bare route: orders and purchases ≥ 12%, swaps ≥ 8%, p99 < 50 ms.
// Run: npm run bench -- soak   (BENCH_SOAK_ROUNDS, default 5; BENCH_SECONDS per measure, default 8)
import { describeLoad, load, signUpMany, startServer, type LoadResult } from './support/harness';
import { loadCrossingOrders, prepareCrossingMarket } from './support/crossing-orders';
import { BENCH_RESTOCK, purchaseLoad, type BenchProject } from './support/purchase-load';
import { cpuPerRequest, threadCpuMs } from './support/thread-cpu';

const CONNECTIONS = 50;
const SWAP_TRADERS = 20;
const POOL_PROJECT = 'Rajasthan Wind Power';
const POOL_TONNES = 250;
const TARGETS = { orders: 0.12, purchases: 0.12, swaps: 0.08, p99Ms: 50 } as const;

async function post(baseUrl: string, path: string, cookie: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

function swapLoad(baseUrl: string, projectId: number, cookies: readonly string[], duration: number, connections = CONNECTIONS): Promise<LoadResult> {
  let next = 0;
  return load({
    url: `${baseUrl}/api/trading/swap`,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json' },
    requests: [{
      setupRequest: (request: Record<string, unknown> & { headers?: Record<string, string> }) => {
        const index = next++;
        // Every trader alternates buying and selling 1 t, so the pool and the accounts stay where they started.
        const buying = Math.floor(index / SWAP_TRADERS) % 2 === 0;
        // Loose bounds: a run of buys may lift a 250 t pool's price a long way before the sells bring it back.
        const bound = buying ? { maxAmountIn: '1000' } : { minAmountOut: '0' };
        const body = { projectId, side: buying ? 'buy' : 'sell', quantity: 1, ...bound };
        return { ...request, headers: { ...request.headers, cookie: cookies[index % SWAP_TRADERS] }, body: JSON.stringify(body) };
      },
    }],
  });
}

/** What a signed-in screen reads: the dashboard's (stats, newest credits and transactions), a book, the catalogue. */
function readLoad(baseUrl: string, projectId: number, cookies: readonly string[], duration: number, connections: number): Promise<LoadResult> {
  const paths = ['/api/stats/user', '/api/credits/my?limit=3', '/api/transactions/my?limit=3', `/api/trading/orderbook/${projectId}`, '/api/projects'];
  let next = 0;
  return load({
    url: `${baseUrl}/api/projects`,
    connections,
    duration,
    requests: [{
      setupRequest: (request: Record<string, unknown> & { headers?: Record<string, string> }) => {
        const index = next++;
        return { ...request, path: paths[index % paths.length], headers: { ...request.headers, cookie: cookies[index % cookies.length] } };
      },
    }],
  });
}

/**
 * The mixed measure's connections: every workload at once, as a server with many users meets them.
 * BENCH_SOAK_MIXED=orders:15,reads:0 changes some (0 leaves a workload out), to find which pair interferes.
 */
const MIXED: Record<'orders' | 'purchases' | 'swaps' | 'reads', number> = {
  orders: 15, purchases: 15, swaps: 10, reads: 10,
  ...Object.fromEntries((process.env.BENCH_SOAK_MIXED ?? '').split(',').filter(Boolean).map((part) => [part.split(':')[0], Number(part.split(':')[1])])),
};

/**
 * Waits until the chain has anchored what the last round wrote (the anchoring worker reports idle twice in a row), and
 * answers how long that took. The bare route is measured after it: while the chain process catches up it takes a core
 * (nice 10 yields only to the server, not to the bare route's process), which lowered the yardstick of every round after
 * the first by about 40% and so raised those rounds' ratios.
 */
async function anchoringCaughtUp(baseUrl: string, limitMs = 300_000): Promise<number> {
  const started = performance.now();
  let idleReadings = 0;
  while (idleReadings < 2 && performance.now() - started < limitMs) {
    const health = (await (await fetch(`${baseUrl}/api/chain/health`)).json()) as { anchoring: { state: string } | null };
    idleReadings = !health.anchoring || health.anchoring.state === 'idle' ? idleReadings + 1 : 0;
    if (idleReadings < 2) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return performance.now() - started;
}

const seconds = () => Number(process.env.BENCH_SECONDS ?? 8);
// BENCH_SOAK_ONLY=swaps (or a comma list) drives only those workloads, to find which one decays.
const only = (workload: string) => (process.env.BENCH_SOAK_ONLY ?? workload).split(',').includes(workload);
const SKIPPED: LoadResult = { requestsPerSecond: 0, p50Ms: 0, p99Ms: 0, non2xx: 0, refusals: {}, errors: 0, total: 0 };

export async function run(): Promise<void> {
  const rounds = Number(process.env.BENCH_SOAK_ROUNDS ?? 5);
  const server = await startServer('bench/support/bench-server.ts', { CHAIN_ENABLED: process.env.BENCH_SOAK_CHAIN ?? 'true', ...BENCH_RESTOCK });
  const ceiling = await startServer('bench/support/ceiling-server.ts');
  try {
    const projects = (await (await fetch(`${server.baseUrl}/api/projects`)).json()) as (BenchProject & { name: string })[];
    const market = await prepareCrossingMarket(server.baseUrl, 'soak-orders');
    const buyers = await signUpMany(server.baseUrl, 20, 'soak-buyers');
    const poolProject = projects.find((project) => project.name === POOL_PROJECT)!;
    const [provider, ...swappers] = await signUpMany(server.baseUrl, SWAP_TRADERS + 1, 'soak-swaps');
    await post(server.baseUrl, '/api/credits/purchase', provider, { projectId: poolProject.id, quantity: POOL_TONNES, pricePerCredit: poolProject.pricePerCredit });
    const tokenReserve = (POOL_TONNES * Number(poolProject.pricePerCredit)).toFixed(2);
    await post(server.baseUrl, '/api/trading/pools', provider, { projectId: poolProject.id, creditReserve: POOL_TONNES, tokenReserve });
    for (const cookie of swappers) {
      await post(server.baseUrl, '/api/credits/purchase', cookie, { projectId: poolProject.id, quantity: 400, pricePerCredit: poolProject.pricePerCredit });
    }
    console.log(`${rounds} rounds on one server, ${seconds()} s per measure, ${CONNECTIONS} connections; targets: orders and purchases ≥ ${TARGETS.orders * 100}% of the bare route, swaps ≥ ${TARGETS.swaps * 100}%, p99 < ${TARGETS.p99Ms} ms`);
    const rows: string[] = [];
    let allMet = true;
    for (let round = 1; round <= rounds; round++) {
      const catchUpMs = await anchoringCaughtUp(server.baseUrl);
      const bare = await load({ url: `${ceiling.baseUrl}/ping`, connections: CONNECTIONS, duration: seconds() });
      // The server's CPU per request by thread, beside each figure: it holds where req/s swing with the machine's load.
      const cpu: string[] = [];
      const measured = async (label: string, run: () => Promise<LoadResult>) => {
        if (!only(label)) return SKIPPED;
        const before = threadCpuMs(server.pid);
        const result = await run();
        const { mainUs, busiestOtherUs, totalUs } = cpuPerRequest(server.pid, before, threadCpuMs(server.pid), result.total);
        cpu.push(`${label} ${mainUs}/${busiestOtherUs}/${totalUs}`);
        return result;
      };
      const orders = await measured('orders', () => loadCrossingOrders(server.baseUrl, market, CONNECTIONS, round, seconds()));
      const purchases = await measured('purchases', () => purchaseLoad(server.baseUrl, projects, buyers, { connections: CONNECTIONS, duration: seconds() }));
      const swaps = await measured('swaps', () => swapLoad(server.baseUrl, poolProject.id, swappers, seconds()));
      const judge = (result: LoadResult, share: number) => {
        if (result === SKIPPED) {
          // A target left unmeasured is not met.
          allMet = false;
          return 'skipped';
        }
        const ratio = result.requestsPerSecond / bare.requestsPerSecond;
        const met = ratio >= share && result.p99Ms < TARGETS.p99Ms && result.non2xx === 0 && result.errors === 0;
        allMet &&= met;
        return `${Math.round(result.requestsPerSecond).toLocaleString('en-US').padStart(6)}/s ${(100 * ratio).toFixed(1).padStart(5)}% p50 ${result.p50Ms.toFixed(0).padStart(3)} p99 ${result.p99Ms.toFixed(0).padStart(3)} ms${met ? '' : ' ✗'}`;
      };
      // Everything at once (no target of its own): what each workload keeps when the others run beside it.
      let mixed = '';
      if (only('mixed')) {
        const before = threadCpuMs(server.pid);
        const skipped = async () => SKIPPED;
        const [mixedOrders, mixedPurchases, mixedSwaps, reads] = await Promise.all([
          MIXED.orders ? loadCrossingOrders(server.baseUrl, market, MIXED.orders, 1000 + round, seconds()) : skipped(),
          MIXED.purchases ? purchaseLoad(server.baseUrl, projects, buyers, { connections: MIXED.purchases, duration: seconds() }) : skipped(),
          MIXED.swaps ? swapLoad(server.baseUrl, poolProject.id, swappers, seconds(), MIXED.swaps) : skipped(),
          MIXED.reads ? readLoad(server.baseUrl, market.projectId, buyers, seconds(), MIXED.reads) : skipped(),
        ]);
        const parts = ([['orders', mixedOrders], ['purchases', mixedPurchases], ['swaps', mixedSwaps], ['reads', reads]] as const)
          .filter(([, result]) => result !== SKIPPED);
        const total = parts.reduce((sum, [, result]) => sum + result.total, 0);
        const { mainUs } = cpuPerRequest(server.pid, before, threadCpuMs(server.pid), total);
        const worstP99 = Math.max(...parts.map(([, result]) => result.p99Ms));
        mixed = `${parts.map(([label, result]) => `${label} ${Math.round(result.requestsPerSecond).toLocaleString('en-US')}/s p99 ${result.p99Ms.toFixed(0)}`).join(', ')} ms; `
          + `all ${Math.round(parts.reduce((sum, [, result]) => sum + result.requestsPerSecond, 0)).toLocaleString('en-US')}/s, worst p99 ${worstP99.toFixed(0)} ms, main thread ${mainUs} µs a request`;
        for (const [label, result] of parts) {
          if (result.non2xx > 0 || result.errors > 0) mixed += `\n    ${describeLoad(`mixed ${label}`, result)}`;
        }
      }
      const row = `| ${round} | ${Math.round(bare.requestsPerSecond).toLocaleString('en-US')}/s | ${judge(orders, TARGETS.orders)} | ${judge(purchases, TARGETS.purchases)} | ${judge(swaps, TARGETS.swaps)} |`;
      rows.push(row);
      console.log(row);
      console.log(`    server CPU µs a request, main thread / busiest other thread / all threads: ${cpu.join(', ')}; the chain caught up with the previous round in ${(catchUpMs / 1000).toFixed(1)} s`);
      if (mixed) console.log(`    mixed (${Object.entries(MIXED).filter(([, connections]) => connections > 0).map(([label, connections]) => `${label} ${connections}`).join(', ')} connections at once): ${mixed}`);
      for (const [label, result] of [['orders', orders], ['purchases', purchases], ['swaps', swaps]] as const) {
        if (result.non2xx > 0 || result.errors > 0) console.log(`    ${describeLoad(label, result)}`);
      }
    }
    console.log('\n| round | bare route | crossing orders | purchases | swaps |\n|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(allMet ? 'MET in every round' : 'NOT MET in every round (or not every workload measured)');
  } finally {
    await Promise.all([server.stop(), ceiling.stop()]);
  }
}
