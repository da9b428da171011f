// Worker-thread entry of the chain thread. The server runs TypeScript through tsx; a worker thread does not inherit
// the loader reliably (vitest, plain node), so it registers tsx itself before loading the TypeScript body.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { register } from 'tsx/esm/api';

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
register();
await import('./chain-thread.ts');
