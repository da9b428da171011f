// Issue 6 benchmark: POST /api/credits/purchase with on-chain minting enabled (embedded chain in its thread,
// asynchronous anchoring) versus disabled, in the same run, on fresh embedded databases; then how long the anchoring
// worker takes to catch up with what the load left behind. Issue 12 adds a sustained round: purchases at the highest
// rate for BENCH_SUSTAINED_SECONDS (default 60) at 50 connections, then the anchoring ops/s and the drain time.
import { describeLoad, load, signUpMany, startServer, type LoadResult, type RunningServer } from './support/harness';
import { BENCH_RESTOCK } from './support/purchase-load';

const DRAIN_LIMIT_MS = Number(process.env.BENCH_DRAIN_LIMIT_SECONDS ?? 300) * 1000;
const DRAIN_TARGET_SECONDS = 30;

interface ChainInfo {
  anchoring: { state: string; anchoredTransactions: number; lastError: string | null } | null;
}

async function purchaseLoad(server: RunningServer, label: string, options: { duration?: number; connections?: number } = {}): Promise<LoadResult> {
  const projects = (await (await fetch(`${server.baseUrl}/api/projects`)).json()) as { id: number; pricePerCredit: string }[];
  const cookies = await signUpMany(server.baseUrl, 20, label);
  let next = 0;
  return load({
    ...options,
    url: `${server.baseUrl}/api/credits/purchase`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{
      setupRequest: (request: { headers: Record<string, string> }) => {
        const project = projects[next % projects.length];
        const cookie = cookies[next % cookies.length];
        next++;
        return { ...request, headers: { ...request.headers, cookie }, body: JSON.stringify({ projectId: project.id, quantity: 1, pricePerCredit: project.pricePerCredit }) };
      },
    }],
  });
}

async function chainInfo(server: RunningServer): Promise<ChainInfo> {
  return (await fetch(`${server.baseUrl}/api/chain/info`)).json() as Promise<ChainInfo>;
}

/** Waits until the worker has anchored `target` transactions; returns the elapsed time and the count reached. */
async function drain(server: RunningServer, target: number): Promise<{ elapsedMs: number; anchored: number }> {
  const startedMs = performance.now();
  let anchored = 0;
  while (performance.now() - startedMs < DRAIN_LIMIT_MS) {
    anchored = (await chainInfo(server)).anchoring?.anchoredTransactions ?? 0;
    if (anchored >= target) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { elapsedMs: performance.now() - startedMs, anchored };
}

/** One bench server with the chain on or off: the purchase load, then (chain on) the catch-up afterwards. */
async function round(chainEnabled: boolean, index: number) {
  const server = await startServer('bench/support/bench-server.ts', { CHAIN_ENABLED: String(chainEnabled) });
  try {
    const result = await purchaseLoad(server, `chain-${chainEnabled ? 'on' : 'off'}-${index}`);
    if (!chainEnabled) return { result, catchUp: null };
    const duringLoad = (await chainInfo(server)).anchoring?.anchoredTransactions ?? 0;
    // Requests still in flight when the load stopped were served too, so wait for at least every counted one.
    const after = await drain(server, result.total - result.non2xx);
    return { result, catchUp: { duringLoad, ...after } };
  } finally {
    await server.stop();
  }
}

/** Sustained purchases at the highest rate, then how fast the anchoring drains what is left. */
async function sustained(seconds: number) {
  // The demo catalogue (~100,000 tonnes) sells out in well under a minute at full rate: a larger one keeps every
  // request a real purchase (and a mint) for the whole run.
  const server = await startServer('bench/support/bench-server.ts', { CHAIN_ENABLED: 'true', ...BENCH_RESTOCK });
  try {
    const startedMs = performance.now();
    const result = await purchaseLoad(server, 'sustained', { duration: seconds, connections: 50 });
    const loadMs = performance.now() - startedMs;
    const duringLoad = (await chainInfo(server)).anchoring?.anchoredTransactions ?? 0;
    const purchases = result.total - result.non2xx;
    const after = await drain(server, purchases);
    const drained = after.anchored >= purchases;
    const perSecond = (count: number, ms: number) => Math.round(count / Math.max(ms / 1000, 0.001));
    console.log(describeLoad(`purchase for ${seconds} s at 50 connections, minting on chain`, result));
    console.log(`  → mints during the load: ${duringLoad} (${perSecond(duringLoad, loadMs)} mints/s while purchases ran at ` +
      `${Math.round(result.requestsPerSecond)}/s); backlog at the end of the load: ${purchases - duringLoad}`);
    console.log(`  → after the load: ${after.anchored - duringLoad} mints at ${perSecond(after.anchored - duringLoad, after.elapsedMs)} mints/s; ` +
      (drained
        ? `backlog drained ${(after.elapsedMs / 1000).toFixed(1)} s after the load stopped (target ≤ ${DRAIN_TARGET_SECONDS} s)`
        : `NOT drained: ${after.anchored} of ${purchases} after ${DRAIN_LIMIT_MS / 1000} s (target ≤ ${DRAIN_TARGET_SECONDS} s)`));
  } finally {
    await server.stop();
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export async function run(): Promise<void> {
  // BENCH_ANCHORING_COMPARE=false runs only the sustained round (shorter runs while iterating).
  if (process.env.BENCH_ANCHORING_COMPARE !== 'false') await compare();
  await sustained(Number(process.env.BENCH_SUSTAINED_SECONDS ?? 60));
}

async function compare(): Promise<void> {
  // Alternating rounds, so that a machine whose load drifts during the run penalises both sides alike.
  const rounds: Array<{ chainEnabled: boolean } & Awaited<ReturnType<typeof round>>> = [];
  for (const [index, chainEnabled] of [false, true, false, true].entries()) rounds.push({ chainEnabled, ...(await round(chainEnabled, index)) });

  for (const { chainEnabled, result, catchUp } of rounds) {
    console.log(describeLoad(`purchase, ${chainEnabled ? 'minting on chain' : 'chain disabled'}`, result));
    if (catchUp) {
      console.log(`  → mints during the load: ${catchUp.duringLoad}; all ${catchUp.anchored} anchored ${(catchUp.elapsedMs / 1000).toFixed(1)} s after it ` +
        `(${Math.round((catchUp.anchored - catchUp.duringLoad) / Math.max(catchUp.elapsedMs / 1000, 0.001))} mints/s once the load stopped)`);
    }
  }
  const rate = (enabled: boolean) => sum(rounds.filter((entry) => entry.chainEnabled === enabled).map((entry) => entry.result.requestsPerSecond));
  const ratio = rate(true) / rate(false);
  console.log(`  → with minting: ${(100 * ratio).toFixed(0)}% of the purchase throughput without (anchoring costs ${(100 * (1 - ratio)).toFixed(0)}%; target < 30%)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
