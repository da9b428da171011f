import { load, type LoadResult } from './harness';

export type BenchProject = { id: number; pricePerCredit: string };

/**
 * 1-tonne purchases over all `projects` from all `cookies` in turn, each with its own Idempotency-Key when `withKey`.
 * Start the server with BENCH_EXTRA_ISSUANCE so that no project sells out: every request is then a valid purchase.
 */
export function purchaseLoad(
  baseUrl: string, projects: readonly BenchProject[], cookies: readonly string[], options: { withKey?: boolean; connections?: number } = {},
): Promise<LoadResult> {
  let next = 0;
  const runId = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return load({
    url: `${baseUrl}/api/credits/purchase`,
    method: 'POST',
    connections: options.connections ?? 10,
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
