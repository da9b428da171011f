/** Beyond this many ids the windows start again: a flood of new ids resets the counts rather than growing the map. */
const MAX_IDS = 100_000;

/**
 * Counts requests per id in fixed windows; `take` answers 0 when the request (or `count` calls at once, a JSON-RPC
 * batch) fits, else the milliseconds until the window ends (the Retry-After). In memory, so each process enforces
 * the limit on its own. Used by the API keys' budget and the public `/rpc` gateway's per-client budget.
 */
export class FixedWindowLimiter<K> {
  private readonly windows = new Map<K, { startMs: number; count: number }>();

  constructor(private readonly limit: number, private readonly windowMs: number) {}

  take(id: K, nowMs: number, count = 1): number {
    let window = this.windows.get(id);
    if (!window || nowMs - window.startMs >= this.windowMs) {
      if (this.windows.size >= MAX_IDS) this.windows.clear();
      this.windows.set(id, (window = { startMs: nowMs, count: 0 }));
    }
    if (window.count + count > this.limit) return Math.max(1, window.startMs + this.windowMs - nowMs);
    window.count += count;
    return 0;
  }
}
