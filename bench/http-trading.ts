// Issue 4 benchmark: limit orders placed over HTTP on the embedded database (PGlite), from 20 accounts that first
// bought credits, half buys and half sells at prices around the list price, so most orders match. Orders/s and p99.
import { describeLoad, load, signUpMany, startServer } from './support/harness';
import { mulberry32 as random } from '../src/domain/mrv/seeded-random';

const ACCOUNTS = 20;
const TONNES_EACH = 500;
const PROJECT_NAME = 'Amazon Rainforest Conservation';

export async function run(): Promise<void> {
  const server = await startServer('bench/support/bench-server.ts');
  try {
    const projects = (await (await fetch(`${server.baseUrl}/api/projects`)).json()) as { id: number; name: string; pricePerCredit: string }[];
    const project = projects.find((candidate) => candidate.name === PROJECT_NAME)!;
    const cookies = await signUpMany(server.baseUrl, ACCOUNTS, 'trading');
    for (const cookie of cookies) {
      const response = await fetch(`${server.baseUrl}/api/credits/purchase`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ projectId: project.id, quantity: TONNES_EACH, pricePerCredit: project.pricePerCredit }),
      });
      if (response.status !== 201) throw new Error(`purchase failed: ${response.status} ${await response.text()}`);
    }
    const midCents = Number(project.pricePerCredit.replace('.', ''));
    for (const connections of [10, 20, 50]) {
      const next = random(4242 + connections);
      let count = 0;
      const result = await load({
        url: `${server.baseUrl}/api/trading/orders`,
        method: 'POST',
        connections,
        headers: { 'content-type': 'application/json' },
        requests: [{
          setupRequest: (request: Record<string, unknown> & { headers?: Record<string, string> }) => {
            const cookie = cookies[count++ % cookies.length];
            const orderType = next() < 0.5 ? 'buy' : 'sell';
            const priceCents = midCents - 50 + Math.floor(next() * 101);
            const body = { projectId: project.id, orderType, quantity: 1 + Math.floor(next() * 3), pricePerCredit: (priceCents / 100).toFixed(2) };
            return { ...request, headers: { ...request.headers, cookie }, body: JSON.stringify(body) };
          },
        }],
      });
      console.log(describeLoad(`POST /api/trading/orders (${connections} conn.)`, result));
    }
    const stats = await (await fetch(`${server.baseUrl}/api/trading/stats/${project.id}`)).json();
    console.log(`  → ${JSON.stringify(stats)}`);
    console.log('  → target ≥ 500 orders/s with p99 < 50 ms');
  } finally {
    await server.stop();
  }
}
