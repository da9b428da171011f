/** How many settled outcomes are remembered for callers that ask just after the worker got there. */
const RECENT_LIMIT = 10_000;

/**
 * Requests waiting for "their" anchoring, by key (`h:<holdingId>`, `c:<certificateId>`). An outcome of null means
 * the anchoring failed for good or the worker stopped: the caller answers "pending" at once instead of timing out.
 */
export class AnchorWaiters<T> {
  private readonly waiting = new Map<string, Set<(outcome: T | null) => void>>();
  private readonly recent = new Map<string, T | null>();

  /** The outcome if it was settled recently, else undefined. */
  known(key: string): T | null | undefined {
    return this.recent.get(key);
  }

  wait(key: string, timeoutMs: number): Promise<T | null> {
    return new Promise((resolve) => {
      const listeners = this.waiting.get(key) ?? new Set();
      this.waiting.set(key, listeners);
      const done = (outcome: T | null) => {
        clearTimeout(timer);
        listeners.delete(done);
        if (listeners.size === 0 && this.waiting.get(key) === listeners) this.waiting.delete(key);
        resolve(outcome);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      listeners.add(done);
    });
  }

  settle(key: string, outcome: T | null): void {
    this.recent.set(key, outcome);
    if (this.recent.size > RECENT_LIMIT) this.recent.delete(this.recent.keys().next().value as string);
    for (const listener of [...(this.waiting.get(key) ?? [])]) listener(outcome);
  }

  /** Whether any request is waiting for an outcome. */
  get anyWaiting(): boolean {
    return this.waiting.size > 0;
  }

  /** Answers every waiting request with "pending" (shutdown). */
  releaseAll(): void {
    for (const listeners of [...this.waiting.values()]) for (const listener of [...listeners]) listener(null);
  }
}
