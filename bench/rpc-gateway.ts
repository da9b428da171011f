// Issue 26 benchmark: what the heaviest calls the public /rpc gateway allows cost the chain process, in time and
// resident memory, beside a trivial call; and whether the API keeps answering meanwhile. A bench server with the
// embedded chain on; the chain process's memory is read from GET /api/chain/health.
import { RPC_LIMITS } from '@/server/chain/rpc-limits';
import { startServer, type RunningServer } from './support/harness';

type Answer = { result?: unknown; error?: { code: number; message: string } };

async function post(server: RunningServer, body: unknown): Promise<{ ms: number; answer: Answer | Answer[]; status: number }> {
  const startedMs = performance.now();
  const response = await fetch(`${server.baseUrl}/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as Answer | Answer[];
  return { ms: performance.now() - startedMs, answer, status: response.status };
}

async function chainResidentMb(server: RunningServer): Promise<number> {
  const health = (await (await fetch(`${server.baseUrl}/api/chain/health`)).json()) as { node: { residentBytes: number | null } | null };
  return Math.round((health.node?.residentBytes ?? 0) / 1048576);
}

const call = (method: string, params: unknown[], id = 1) => ({ jsonrpc: '2.0', id, method, params });
// 2,000 JUMPDESTs (1 gas each) and a jump back: the cheapest steps, so the most steps (and trace) per unit of gas.
const SLED = `0x${'5b'.repeat(2000)}600056`;

export async function run(): Promise<void> {
  const server = await startServer('bench/support/bench-server.ts', { CHAIN_ENABLED: 'true' });
  try {
    const describe = async (label: string, body: unknown) => {
      const before = await chainResidentMb(server);
      const apiStartedMs = performance.now();
      const [{ ms, answer, status }, api] = await Promise.all([
        post(server, body),
        (async () => {
          // The API answers while the chain computes: the slowest of a few reads made meanwhile.
          let slowestMs = 0;
          for (let i = 0; i < 5; i++) {
            const startedMs = performance.now();
            await fetch(`${server.baseUrl}/api/projects`);
            slowestMs = Math.max(slowestMs, performance.now() - startedMs);
          }
          return { slowestMs, totalMs: performance.now() - apiStartedMs };
        })(),
      ]);
      const after = await chainResidentMb(server);
      const answers = Array.isArray(answer) ? answer : [answer];
      const errors = answers.filter((one) => one.error).map((one) => one.error!.message.slice(0, 60));
      console.log(
        `${label.padEnd(58)} ${ms.toFixed(0).padStart(6)} ms   chain RSS ${before} → ${after} MB   HTTP ${status}   ` +
          `API reads meanwhile: slowest ${api.slowestMs.toFixed(1)} ms   ${errors.length ? `errors: ${[...new Set(errors)].join(' | ')}` : 'ok'}`,
      );
    };
    console.log(`gateway limits: gas cap ${RPC_LIMITS.gasCap}, logs ${RPC_LIMITS.logsMaxBlocks} blocks / ${RPC_LIMITS.logsMaxResults} results, batch ${RPC_LIMITS.maxBatch}, ${RPC_LIMITS.concurrentCallsPerClient} calls at once a client`);
    await describe('eth_chainId (yardstick)', call('eth_chainId', []));
    await describe('eth_call, endless loop, gas at the cap', call('eth_call', [{ data: '0x5b600056' }, 'latest']));
    await describe('eth_call, JUMPDEST sled, gas at the cap', call('eth_call', [{ data: SLED }, 'latest']));
    await describe('eth_estimateGas, JUMPDEST sled, gas at the cap', call('eth_estimateGas', [{ data: SLED }]));
    await describe('batch of 20 sled eth_calls (8 run, 12 refused as busy)', Array.from({ length: 20 }, (_, i) => call('eth_call', [{ data: SLED }, 'latest'], i)));
    await describe('eth_getLogs over the widest range allowed', call('eth_getLogs', [{ fromBlock: 'earliest', toBlock: `0x${(RPC_LIMITS.logsMaxBlocks - 1).toString(16)}` }]));
    await describe('eth_call at the block gas limit (refused)', call('eth_call', [{ data: '0x5b600056', gas: '0x77359400' }, 'latest']));
    // Memory a stranger can make the chain process hold: the same heaviest batch, again and again.
    for (let round = 1; round <= 5; round++) {
      await describe(`batch of 20 sled eth_calls again, round ${round}`, Array.from({ length: 20 }, (_, i) => call('eth_call', [{ data: SLED }, 'latest'], i)));
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
