// Worker-thread entry of the chain thread. The compiled server (dist/server, `npm run build`) has the body compiled
// beside this file as chain-thread.js. From the sources (tsx, vitest) a worker thread does not inherit the loader
// reliably, so it registers tsx itself before loading the TypeScript body.
import { existsSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Anchoring is asynchronous and may lag; requests may not. On Linux a thread has its own nice value, so this thread
 * (and the EVM's threads it starts, which inherit it) yields the CPU to the HTTP and database thread whenever both
 * want it, and still has all of it when the server is idle. Measured with `npm run bench -- chain-anchoring`: purchase
 * throughput with minting on rose from 68–71% to 73% of the chain-off figure. Elsewhere this is a no-op.
 */
const CHAIN_THREAD_NICE = 10;

function lowerThisThreadsPriority() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, CHAIN_THREAD_NICE);
  } catch {
    // No /proc (not Linux) or not permitted: run at normal priority.
  }
}

lowerThisThreadsPriority();
const compiledBody = new URL('./chain-thread.js', import.meta.url);
if (existsSync(compiledBody)) {
  await import(compiledBody.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./chain-thread.ts');
}
