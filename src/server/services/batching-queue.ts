/** One request's answer from a batch: its value, or the error that refused it alone. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Pending<C, R> {
  command: C;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Groups requests that arrive while the previous batch of their key is running into the next batch, in arrival
 * order, at most `maxBatchSize` at a time. On the embedded database every statement runs on the main thread, so a
 * transaction per request caps throughput at a few hundred a second, while a batch costs the same few round trips
 * for 1 request or 100. `runBatch` answers each request on its own (a refused one does not affect its neighbours);
 * if it throws, its requests run again one by one, so a fault stays with the request that causes it.
 */
export class BatchingQueue<K, C, R> {
  private readonly queues = new Map<K, Pending<C, R>[]>();

  constructor(
    private readonly runBatch: (key: K, commands: readonly C[]) => Promise<Settled<R>[]>,
    private readonly maxBatchSize = 100,
  ) {}

  submit(key: K, command: C): Promise<R> {
    return new Promise((resolve, reject) => {
      let queue = this.queues.get(key);
      const idle = !queue;
      if (!queue) this.queues.set(key, (queue = []));
      queue.push({ command, resolve, reject });
      // Wait one turn of the event loop so that requests arriving together share the first batch.
      if (idle) setImmediate(() => void this.drain(key));
    });
  }

  private async drain(key: K): Promise<void> {
    const queue = this.queues.get(key)!;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, this.maxBatchSize);
        try {
          settle(batch, await this.runBatch(key, batch.map((pending) => pending.command)));
        } catch (error) {
          if (batch.length === 1) batch[0].reject(error);
          else for (const pending of batch) await this.runAlone(key, pending);
        }
      }
    } finally {
      this.queues.delete(key);
    }
  }

  private async runAlone(key: K, pending: Pending<C, R>): Promise<void> {
    try {
      settle([pending], await this.runBatch(key, [pending.command]));
    } catch (error) {
      pending.reject(error);
    }
  }
}

function settle<C, R>(batch: readonly Pending<C, R>[], outcomes: readonly Settled<R>[]): void {
  batch.forEach((pending, index) => {
    const outcome = outcomes[index];
    if (outcome.ok) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
  });
}
