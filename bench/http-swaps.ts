// Issues 5 and 17 benchmark: POST /api/trading/swap over HTTP on the embedded database (PGlite), `npm start` defaults
// (chain ON), 1 t swaps on one pool, 10 and 50 connections, BENCH_SECONDS (10) each. Swaps of one pool that arrive
// together share one transaction under the project's trading lock (SwapDesk): lock, one locked read, the in-memory
// batch, one combined write. Run: npm run bench -- http-swaps
import { describeCpu, describeLoad, load, processCpuMs, signUpMany, startServer } from './support/harness';
import { describeAgainst, runSeconds } from './support/crossing-orders';

const TRADERS = 20;
const PROJECT_NAME = 'Rajasthan Wind Power'; // $6.20, 15,000 t issued

async function post(baseUrl: string, path: string, cookie: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function run(): Promise<void> {
  const server = await startServer('bench/support/bench-server.ts', { CHAIN_ENABLED: 'true' });
  try {
    const projects = (await (await fetch(`${server.baseUrl}/api/projects`)).json()) as { id: number; name: string; pricePerCredit: string }[];
    const project = projects.find((candidate) => candidate.name === PROJECT_NAME)!;
    const [provider, ...traders] = await signUpMany(server.baseUrl, TRADERS + 1, 'swap');
    // A deep pool (5,000 t and $31,000) so that 1 t swaps barely move the price; every trader holds 400 t to sell.
    await post(server.baseUrl, '/api/credits/purchase', provider, { projectId: project.id, quantity: 5000, pricePerCredit: project.pricePerCredit });
    await post(server.baseUrl, '/api/trading/pools', provider, { projectId: project.id, creditReserve: 5000, tokenReserve: '31000' });
    for (const cookie of traders) {
      await post(server.baseUrl, '/api/credits/purchase', cookie, { projectId: project.id, quantity: 400, pricePerCredit: project.pricePerCredit });
    }
    let next = 0;
    for (const connections of [10, 50]) {
      const before = processCpuMs(server.pid);
      const swaps = await load({
        url: `${server.baseUrl}/api/trading/swap`,
        method: 'POST',
        connections,
        duration: runSeconds(),
        headers: { 'content-type': 'application/json' },
        requests: [{
          setupRequest: (request: Record<string, unknown> & { headers?: Record<string, string> }) => {
            const index = next++;
            const cookie = traders[index % TRADERS];
            // Each trader alternates buying and selling 1 t, so the pool stays balanced over the run.
            const buying = Math.floor(index / TRADERS) % 2 === 0;
            const bound = buying ? { maxAmountIn: '100' } : { minAmountOut: '0' };
            return { ...request, headers: { ...request.headers, cookie }, body: JSON.stringify({ projectId: project.id, side: buying ? 'buy' : 'sell', quantity: 1, ...bound }) };
          },
        }],
      });
      console.log(connections === 50
        ? describeAgainst(`POST /api/trading/swap (${connections} conn.)`, swaps, { rps: 3000 })
        : describeLoad(`POST /api/trading/swap (${connections} conn.)`, swaps));
      console.log(describeCpu(before, processCpuMs(server.pid), swaps.total));
    }
    const pool = await (await fetch(`${server.baseUrl}/api/trading/pools/${project.id}`)).json();
    console.log(`  → pool after the run: ${JSON.stringify(pool)}`);
  } finally {
    await server.stop();
  }
}
