/**
 * Counts requests per id in fixed windows; `take` answers 0 when the request fits, else the milliseconds until the
 * window ends (the Retry-After). In memory, so each process enforces the limit on its own.
 */
export class FixedWindowLimiter<K> {
  private readonly windows = new Map<K, { startMs: number; count: number }>();

  constructor(private readonly limit: number, private readonly windowMs: number) {}

  take(id: K, nowMs: number): number {
    let window = this.windows.get(id);
    if (!window || nowMs - window.startMs >= this.windowMs) {
      if (this.windows.size > 100_000) this.windows.clear();
      this.windows.set(id, (window = { startMs: nowMs, count: 0 }));
    }
    if (window.count >= this.limit) return window.startMs + this.windowMs - nowMs;
    window.count += 1;
    return 0;
  }
}
