// Times every call into the embedded database's engine (PGlite's protocol calls, all on the main thread), by the
// statement it runs: a simple-protocol EXECUTE is named after the PREPARE that made it. For benches only: it patches
// PGlite's prototype, so every instance in the process is timed.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';

export interface PgliteTiming {
  /** Milliseconds, calls, the longest call and the calls of 10 ms or more, per statement since the last start(). */
  spent: Map<string, { ms: number; calls: number; maxMs: number; long: number }>;
  start(): void;
}

export function timePglite(): PgliteTiming {
  const decoder = new TextDecoder();
  const prepared = new Map<string, string>();
  const spent = new Map<string, { ms: number; calls: number; maxMs: number; long: number }>();
  let counting = false;
  const proto = PGlite.prototype as unknown as { execProtocolRawSync(message: Uint8Array): unknown };
  const original = proto.execProtocolRawSync;
  const kindOf = (message: Uint8Array): string => {
    const text = decoder.decode(message.subarray(5, Math.min(message.length, 4096)));
    const prepare = /prepare ((?:trading|read)_\w+) as\s+([\s\S]{0,60})/.exec(text);
    if (prepare) prepared.set(prepare[1], prepare[2].replace(/\s+/g, ' '));
    const execute = /execute ((?:trading|read)_\w+)/.exec(text);
    if (execute) return prepared.get(execute[1]) ?? 'a prepared statement';
    if (String.fromCharCode(message[0]) !== 'Q') return 'other protocol messages';
    // The vacuum's and analyze's statements are named with their table: which table pauses the thread matters.
    const maintenance = /(?:vacuum|analyze) "[^"]+"/.exec(text);
    return maintenance ? maintenance[0] : text.replace(/\s+/g, ' ').slice(0, 40);
  };
  proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
    const kind = kindOf(message);
    const startedMs = performance.now();
    try {
      return original.call(this, message);
    } finally {
      if (counting) {
        const entry = spent.get(kind) ?? { ms: 0, calls: 0, maxMs: 0, long: 0 };
        const ms = performance.now() - startedMs;
        entry.ms += ms;
        entry.calls += 1;
        entry.maxMs = Math.max(entry.maxMs, ms);
        if (ms >= 10) entry.long += 1;
        spent.set(kind, entry);
      }
    }
  };
  return { start: () => { counting = true; spent.clear(); }, spent };
}

/**
 * Prints, every `windowMs` on stderr, where the database's time went (BENCH_TIME_PGLITE=1 on a bench server), with
 * each statement's longest call and its calls of 10 ms or more (a call blocks the main thread throughout), and the
 * event loop's delay: what a request that arrives meanwhile waits before it is even read.
 */
export function reportPgliteTime(windowMs = 5000): void {
  const timing = timePglite();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  timing.start();
  setInterval(() => {
    const rows = [...timing.spent].sort((a, b) => b[1].ms - a[1].ms);
    const total = rows.reduce((sum, [, entry]) => sum + entry.ms, 0);
    const loop = `event loop delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} p99 ${(delay.percentile(99) / 1e6).toFixed(1)} max ${(delay.max / 1e6).toFixed(1)} ms`;
    process.stderr.write(`--- ${windowMs / 1000} s: ${total.toFixed(0)} ms inside PGlite; ${loop}\n${rows.slice(0, 12)
      .map(([kind, { ms, calls, maxMs, long }]) => `${ms.toFixed(0).padStart(7)} ms ${String(calls).padStart(7)}×  max ${maxMs.toFixed(1).padStart(5)} ms ${String(long).padStart(4)}≥10ms  ${kind}`).join('\n')}\n`);
    delay.reset();
    timing.start();
  }, windowMs).unref();
}
