// Entry of the chain process (started by chain-process.ts): the embedded chain's EVM runs here, outside the web
// server's memory, so that nothing done to the chain (a call that exhausts memory, a stall, a crash) can stop the
// API. The compiled server (dist/server, `npm run build`) has the body compiled beside this file as
// chain-process-body.js; from the sources (tsx, vitest) the process registers tsx itself before loading the
// TypeScript body.
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Anchoring is asynchronous and may lag; requests may not. Inside `npm start` the chain process (and the EVM's
 * threads) yields the CPU to the web server whenever both want it (nice 10), and still has all of it when the server
 * is idle. Measured with `npm run bench -- chain-anchoring` when this was a thread: purchase throughput with minting on
 * rose from 68–71% to 73% of the chain-off figure. The chain node of `npm run chain` serves the chain alone and runs
 * it at 0 (chain-process.ts passes the value).
 */
const CHAIN_PROCESS_NICE = Number(process.env.CHAIN_PROCESS_NICE ?? 10);

try {
  if (CHAIN_PROCESS_NICE !== 0) setPriority(0, CHAIN_PROCESS_NICE);
} catch {
  // Not permitted: run at normal priority.
}

/**
 * Test-only, never set in production: with CHAIN_PROCESS_TEST_BALLAST_MB=N in its environment, each SIGUSR2 makes this
 * process hold N MB more (filled, so resident). The memory watchdog is engine-independent, but the persistent engine
 * keeps its memory flat by design, so no request can push it over CHAIN_MEMORY_LIMIT_MB; this lets
 * tests/api/chain/chain-process-restart.test.ts do so. Nothing over HTTP reaches it: only a signal from the same
 * machine, and only when the variable was set when the process started.
 */
const testBallastMb = Number(process.env.CHAIN_PROCESS_TEST_BALLAST_MB ?? 0);
if (testBallastMb > 0) {
  const ballast = [];
  process.on('SIGUSR2', () => ballast.push(Buffer.alloc(testBallastMb * 1024 * 1024, 1)));
}

const compiledBody = new URL('./chain-process-body.js', import.meta.url);
if (existsSync(compiledBody)) {
  await import(compiledBody.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./chain-process-body.ts');
}
