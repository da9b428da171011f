// Entry of the chain process (started by chain-process.ts): the embedded chain's EVM runs here, outside the web
// server's memory, so that nothing done to the chain (a call that exhausts memory, a stall, a crash) can stop the
// API. The compiled server (dist/server, `npm run build`) has the body compiled beside this file as
// chain-process-body.js; from the sources (tsx, vitest) the process registers tsx itself before loading the
// TypeScript body.
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Anchoring is asynchronous and may lag; requests may not. The chain process (and the EVM's threads) yields the CPU
 * to the web server whenever both want it, and still has all of it when the server is idle. Measured with `npm run
 * bench -- chain-anchoring` when this was a thread: purchase throughput with minting on rose from 68–71% to 73% of
 * the chain-off figure.
 */
const CHAIN_PROCESS_NICE = 10;

try {
  setPriority(0, CHAIN_PROCESS_NICE);
} catch {
  // Not permitted: run at normal priority.
}
const compiledBody = new URL('./chain-process-body.js', import.meta.url);
if (existsSync(compiledBody)) {
  await import(compiledBody.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./chain-process-body.ts');
}
