// Times every call into the embedded database's engine (PGlite's protocol calls, all on the main thread), by the
// statement it runs: a simple-protocol EXECUTE is named after the PREPARE that made it. For benches only: it patches
// PGlite's prototype, so every instance in the process is timed.
import { PGlite } from '@electric-sql/pglite';

export interface PgliteTiming {
  /** Milliseconds and calls per statement since the last start(). */
  spent: Map<string, { ms: number; calls: number }>;
  start(): void;
}

export function timePglite(): PgliteTiming {
  const decoder = new TextDecoder();
  const prepared = new Map<string, string>();
  const spent = new Map<string, { ms: number; calls: number }>();
  let counting = false;
  const proto = PGlite.prototype as unknown as { execProtocolRawSync(message: Uint8Array): unknown };
  const original = proto.execProtocolRawSync;
  const kindOf = (message: Uint8Array): string => {
    const text = decoder.decode(message.subarray(5, Math.min(message.length, 4096)));
    const prepare = /prepare (trading_\w+) as\s+([\s\S]{0,60})/.exec(text);
    if (prepare) prepared.set(prepare[1], prepare[2].replace(/\s+/g, ' '));
    const execute = /execute (trading_\w+)/.exec(text);
    if (execute) return prepared.get(execute[1]) ?? 'a prepared statement';
    return String.fromCharCode(message[0]) === 'Q' ? text.replace(/\s+/g, ' ').slice(0, 40) : 'other protocol messages';
  };
  proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
    const kind = kindOf(message);
    const startedMs = performance.now();
    try {
      return original.call(this, message);
    } finally {
      if (counting) {
        const entry = spent.get(kind) ?? { ms: 0, calls: 0 };
        entry.ms += performance.now() - startedMs;
        entry.calls += 1;
        spent.set(kind, entry);
      }
    }
  };
  return { start: () => { counting = true; spent.clear(); }, spent };
}

/** Prints, every `windowMs` on stderr, where the database's time went (BENCH_TIME_PGLITE=1 on a bench server). */
export function reportPgliteTime(windowMs = 5000): void {
  const timing = timePglite();
  timing.start();
  setInterval(() => {
    const rows = [...timing.spent].sort((a, b) => b[1].ms - a[1].ms);
    const total = rows.reduce((sum, [, entry]) => sum + entry.ms, 0);
    process.stderr.write(`--- ${windowMs / 1000} s: ${total.toFixed(0)} ms inside PGlite\n${rows.slice(0, 12)
      .map(([kind, { ms, calls }]) => `${ms.toFixed(0).padStart(7)} ms ${String(calls).padStart(7)}×  ${kind}`).join('\n')}\n`);
    timing.start();
  }, windowMs).unref();
}
