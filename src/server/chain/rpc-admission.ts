import type { RpcLimits } from './rpc-limits.js';

/**
 * Who may start a JSON-RPC call now: each client (an IP address) gets `callsPerMinute` calls per fixed window and
 * `concurrentCallsPerClient` at once, and everyone together `concurrentCalls` at once. A refused call is answered at
 * once instead of queueing, so no client can make the node's queue (and the memory behind it) grow.
 */
export class RpcAdmission {
  private readonly windows = new Map<string, { startMs: number; calls: number }>();
  private readonly running = new Map<string, number>();
  private runningTotal = 0;

  constructor(private readonly limits: Pick<RpcLimits, 'callsPerMinute' | 'concurrentCallsPerClient' | 'concurrentCalls'>) {}

  /** Counts `calls` against the client's window: 0 when they fit, else the milliseconds until the window ends. */
  takeCalls(client: string, calls: number, nowMs: number): number {
    let window = this.windows.get(client);
    if (!window || nowMs - window.startMs >= 60_000) {
      // Bounded memory: a flood of addresses resets the windows rather than growing the map.
      if (this.windows.size >= 100_000) this.windows.clear();
      this.windows.set(client, (window = { startMs: nowMs, calls: 0 }));
    }
    if (window.calls + calls > this.limits.callsPerMinute) return Math.max(1, window.startMs + 60_000 - nowMs);
    window.calls += calls;
    return 0;
  }

  /** A slot for one call, or null when the client or the gateway has as many running as it may. */
  enter(client: string): (() => void) | null {
    const mine = this.running.get(client) ?? 0;
    if (mine >= this.limits.concurrentCallsPerClient || this.runningTotal >= this.limits.concurrentCalls) return null;
    this.running.set(client, mine + 1);
    this.runningTotal++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.runningTotal--;
      const now = (this.running.get(client) ?? 1) - 1;
      if (now <= 0) this.running.delete(client);
      else this.running.set(client, now);
    };
  }
}
