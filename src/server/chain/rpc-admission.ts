import { FixedWindowLimiter } from '@/server/limits/fixed-window-limiter';
import type { RpcLimits } from './rpc-limits';

/**
 * Who may start a JSON-RPC call now: each client (an IP address) gets `callsPerMinute` calls per fixed window and
 * `concurrentCallsPerClient` at once, and everyone together `concurrentCalls` at once. A refused call is answered at
 * once instead of queueing, so no client can make the node's queue (and the memory behind it) grow.
 */
export class RpcAdmission {
  private readonly windows: FixedWindowLimiter<string>;
  private readonly running = new Map<string, number>();
  private runningTotal = 0;

  constructor(private readonly limits: Pick<RpcLimits, 'callsPerMinute' | 'concurrentCallsPerClient' | 'concurrentCalls'>) {
    this.windows = new FixedWindowLimiter(limits.callsPerMinute, 60_000);
  }

  /** Counts `calls` against the client's window: 0 when they fit, else the milliseconds until the window ends. */
  takeCalls(client: string, calls: number, nowMs: number): number {
    return this.windows.take(client, nowMs, calls);
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
