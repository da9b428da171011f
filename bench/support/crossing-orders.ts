// The order workload of issue 17: 20 accounts send 1-tonne limit orders on ONE project, each account alternating buy
// and sell, buys priced at or above the list price and sells at or below it, so every order crosses whatever rests on
// the other side. An account's tonnes and cash stay within a few orders of where they started, so every request is a
// valid order (no 422 from an account running dry) however long the run.
import { mulberry32 as random } from '@/domain/mrv/seeded-random';
import { describeLoad, load, loadDurationSeconds, signUpMany, type LoadResult } from './harness';

export const ACCOUNTS = 20;
const TONNES_EACH = 500;
const PROJECT_NAME = 'Amazon Rainforest Conservation';

/** Seconds per load run (`BENCH_SECONDS`). */
export const runSeconds = loadDurationSeconds;

export interface CrossingMarket {
  projectId: number;
  midCents: number;
  cookies: string[];
}

export async function prepareCrossingMarket(baseUrl: string, prefix: string): Promise<CrossingMarket> {
  const projects = (await (await fetch(`${baseUrl}/api/projects`)).json()) as { id: number; name: string; pricePerCredit: string }[];
  const project = projects.find((candidate) => candidate.name === PROJECT_NAME)!;
  const cookies = await signUpMany(baseUrl, ACCOUNTS, prefix);
  for (const cookie of cookies) {
    const response = await fetch(`${baseUrl}/api/credits/purchase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ projectId: project.id, quantity: TONNES_EACH, pricePerCredit: project.pricePerCredit }),
    });
    if (response.status !== 201) throw new Error(`purchase failed: ${response.status} ${await response.text()}`);
  }
  return { projectId: project.id, midCents: Number(project.pricePerCredit.replace('.', '')), cookies };
}

export async function loadCrossingOrders(baseUrl: string, market: CrossingMarket, connections: number, seed: number, duration = runSeconds()): Promise<LoadResult> {
  const next = random(seed);
  let count = 0;
  return load({
    url: `${baseUrl}/api/trading/orders`,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json' },
    requests: [{
      setupRequest: (request: Record<string, unknown> & { headers?: Record<string, string> }) => {
        const index = count++;
        const cookie = market.cookies[index % ACCOUNTS];
        const buying = Math.floor(index / ACCOUNTS) % 2 === 0;
        const offsetCents = Math.floor(next() * 51);
        const priceCents = buying ? market.midCents + offsetCents : market.midCents - offsetCents;
        const body = { projectId: market.projectId, orderType: buying ? 'buy' : 'sell', quantity: 1, pricePerCredit: (priceCents / 100).toFixed(2) };
        return { ...request, headers: { ...request.headers, cookie }, body: JSON.stringify(body) };
      },
    }],
  });
}

/** One line per run with the target beside the figure. */
export function describeAgainst(label: string, result: LoadResult, target: { rps?: number; p99Ms?: number }): string {
  const met = (target.rps === undefined || result.requestsPerSecond >= target.rps) && (target.p99Ms === undefined || result.p99Ms < target.p99Ms)
    && result.non2xx === 0;
  const wanted = [
    target.rps === undefined ? null : `≥ ${target.rps.toLocaleString('en-US')}/s`,
    target.p99Ms === undefined ? null : `p99 < ${target.p99Ms} ms`,
  ].filter(Boolean).join(', ');
  return `${describeLoad(label, result)}\n    ${met ? 'MET' : 'NOT MET'}: target ${wanted}`;
}
