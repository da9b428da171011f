// What each read of a signed-in screen costs the server, one route at a time at 10 connections, beside the bare
// route measured in the same run: requests per second, p99 and the main thread's time a request (the figure a busy
// machine distorts least). Twenty buyers with a few hundred lots between them, chain off (anchoring would share the
// main thread with the reads). `npm run bench -- signed-in-reads`; BENCH_SECONDS sets each measure (default 5);
// BENCH_READS=/api/auth/user (a comma list of path prefixes) measures only those reads.
import { describeCpu, describeLoad, load, processCpuMs, signUpMany, startServer } from './support/harness';
import { BENCH_RESTOCK, warmUpPurchases, type BenchProject } from './support/purchase-load';

export async function run(): Promise<void> {
  const duration = Number(process.env.BENCH_SECONDS ?? 5);
  const server = await startServer('bench/support/bench-server.ts', BENCH_RESTOCK);
  const ceiling = await startServer('bench/support/ceiling-server.ts');
  try {
    const projects = (await (await fetch(`${server.baseUrl}/api/projects`)).json()) as BenchProject[];
    const cookies = await signUpMany(server.baseUrl, 20, 'reader');
    await warmUpPurchases(server.baseUrl, projects, cookies);
    const paths = [
      '/api/auth/user', '/api/stats/user', '/api/credits/my?limit=3', '/api/transactions/my?limit=3',
      // The Portfolio's first page, counted.
      '/api/credits/my?limit=50&offset=0',
      '/api/activity?pageSize=20', `/api/credits/my/projects/${projects[0].id}`, `/api/trading/orderbook/${projects[0].id}`,
    ];
    const wanted = (process.env.BENCH_READS ?? '').split(',').filter(Boolean);
    const measured = wanted.length === 0 ? paths : paths.filter((path) => wanted.some((prefix) => path.startsWith(prefix)));
    const bare = await load({ url: `${ceiling.baseUrl}/ping`, duration });
    console.log(describeLoad('ceiling: bare Fastify GET /ping', bare));
    for (const path of measured) {
      let next = 0;
      const before = processCpuMs(server.pid);
      const result = await load({
        url: `${server.baseUrl}${path}`,
        duration,
        requests: [{
          setupRequest: (request: Record<string, unknown> & { headers?: Record<string, string> }) =>
            ({ ...request, headers: { ...request.headers, cookie: cookies[next++ % cookies.length] } }),
        }],
      });
      console.log(describeLoad(`GET ${path}`, result));
      console.log(`${describeCpu(before, processCpuMs(server.pid), result.total)}; ${(100 * result.requestsPerSecond / bare.requestsPerSecond).toFixed(1)}% of the bare route`);
    }
  } finally {
    await Promise.all([server.stop(), ceiling.stop()]);
  }
}
