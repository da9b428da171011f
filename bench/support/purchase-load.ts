import { load, type LoadResult } from './harness';

export type BenchProject = { id: number; pricePerCredit: string };

/**
 * 1-tonne purchases over all `projects` from all `cookies` in turn, each with its own Idempotency-Key when `withKey`.
 * Start the server with BENCH_EXTRA_ISSUANCE so that no project sells out: every request is then a valid purchase.
 */
export function purchaseLoad(
  baseUrl: string, projects: readonly BenchProject[], cookies: readonly string[], options: { withKey?: boolean; connections?: number; duration?: number } = {},
): Promise<LoadResult> {
  let next = 0;
  const runId = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return load({
    url: `${baseUrl}/api/credits/purchase`,
    method: 'POST',
    connections: options.connections ?? 10,
    ...(options.duration === undefined ? {} : { duration: options.duration }),
    headers: { 'content-type': 'application/json' },
    requests: [{
      setupRequest: (request) => {
        const project = projects[next % projects.length];
        const cookie = cookies[next % cookies.length];
        const key = options.withKey ? { 'idempotency-key': `bench-${runId}-${next}` } : {};
        next++;
        return { ...request, headers: { ...request.headers, cookie, ...key }, body: JSON.stringify({ projectId: project.id, quantity: 1, pricePerCredit: project.pricePerCredit }) };
      },
    }],
  });
}

/** Enough extra tonnes per project for any purchase run here (a million each: minutes at 5,000/s). */
export const BENCH_RESTOCK = { BENCH_EXTRA_ISSUANCE: '1000000' };

/**
 * A few seconds of both kinds of purchase before measuring, results discarded: V8 first runs the embedded database's
 * WebAssembly with its baseline compiler and optimises it in the background, which on a busy 2-core machine takes
 * seconds, so without this the first measured run alone is several times slower. BENCH_WARMUP_SECONDS (default 4).
 */
export async function warmUpPurchases(baseUrl: string, projects: readonly BenchProject[], cookies: readonly string[], connections = 10): Promise<void> {
  const duration = Number(process.env.BENCH_WARMUP_SECONDS ?? 4) / 2;
  if (duration <= 0) return;
  await purchaseLoad(baseUrl, projects, cookies, { withKey: false, connections, duration });
  await purchaseLoad(baseUrl, projects, cookies, { withKey: true, connections, duration });
}
