// Issue 28, the reads: what a buyer's screens cost as the buyer's history grows. One server (chain off), four buyers
// buying 1 t lots at 20 connections for a few rounds; after each round, the reads behind the dashboard, the portfolio
// and the trading screen, timed for the first buyer (median of 5), with the size of each answer.
// Run: npm run bench -- history-reads   (BENCH_HISTORY_ROUNDS, default 3; BENCH_SECONDS per round, default 8)
import { signUpMany, startServer } from './support/harness';
import { BENCH_RESTOCK, purchaseLoad, type BenchProject } from './support/purchase-load';

async function timeRead(baseUrl: string, path: string, cookie: string): Promise<string> {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `${path.padEnd(40)} ${(bytes / 1024).toFixed(0).padStart(6)} KiB ${times[2].toFixed(1).padStart(8)} ms`;
}

export async function run(): Promise<void> {
  const rounds = Number(process.env.BENCH_HISTORY_ROUNDS ?? 3);
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const server = await startServer('bench/support/bench-server.ts', { CHAIN_ENABLED: 'false', ...BENCH_RESTOCK });
  try {
    const projects = (await (await fetch(`${server.baseUrl}/api/projects`)).json()) as BenchProject[];
    const buyers = await signUpMany(server.baseUrl, 4, 'history');
    const reads = [
      '/api/credits/my', '/api/transactions/my', // the whole history: the Portfolio's holdings table
      '/api/credits/my?limit=3', '/api/transactions/my?limit=3', '/api/stats/user', // the dashboard
      `/api/credits/my/projects/${projects[0].id}`, // the trading screen and the pool tab, on every market change
      '/api/activity?page=1&pageSize=25', // the activity page
    ];
    for (let round = 1; round <= rounds; round++) {
      const bought = await purchaseLoad(server.baseUrl, projects, buyers, { connections: 20, duration: seconds });
      const lots = ((await (await fetch(`${server.baseUrl}/api/stats/user`, { headers: { cookie: buyers[0] } })).json()) as { ownedCredits: number }).ownedCredits;
      console.log(`round ${round}: ${bought.total.toLocaleString('en-US')} purchases; the first buyer holds ${lots.toLocaleString('en-US')} 1 t lots`);
      for (const path of reads) console.log(`  ${await timeRead(server.baseUrl, path, buyers[0])}`);
    }
  } finally {
    await server.stop();
  }
}
