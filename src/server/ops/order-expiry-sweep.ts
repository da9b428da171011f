import { startLeaderLock, type LeaderLock } from './leader-lock';

/** Advisory lock key of the order expiry sweep (the migration lock is 7243001, anchoring 7243002). */
export const ORDER_EXPIRY_LOCK_KEY = 7243003;
/** How often due GTD orders are looked for; a batch never fills one meanwhile (it cancels the due ones it meets). */
export const ORDER_EXPIRY_SWEEP_MS = 1000;

export interface OrderExpirySweep {
  stop(): Promise<void>;
}

/**
 * Cancels due GTD orders on a timer, so that their locks and escrow come back at their end. On PostgreSQL with
 * several instances only the holder of the sweep's advisory lock runs it (the anchoring leader's mechanism,
 * ops/leader-lock.ts); a follower takes over within a poll once the leader's session ends. The first sweep runs at
 * once, so orders that ended while no instance ran (a restart) are cancelled at start-up.
 */
export function startOrderExpirySweep(options: {
  expireDueOrders: () => Promise<number>;
  /** Issue 31 stops: runs a batch for each project whose waiting stops the last trade price reached (see TradingDesk.triggerReachedStops). */
  triggerReachedStops?: () => Promise<number>;
  databaseUrl: string | undefined;
  intervalMs?: number;
  log: (line: string) => void;
}): OrderExpirySweep {
  const intervalMs = options.intervalMs ?? ORDER_EXPIRY_SWEEP_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    running = options.expireDueOrders().then(async (count) => {
      if (count > 0) options.log(`Expired ${count} GTD orders`);
      const projects = (await options.triggerReachedStops?.()) ?? 0;
      if (projects > 0) options.log(`Triggered reached stop orders of ${projects} projects`);
    },
      (error: unknown) => options.log(`Order expiry sweep failed: ${(error as Error).message}`),
    ).finally(schedule);
  };
  function schedule(): void {
    if (timer === null) return;
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  }
  const start = async () => {
    timer = setTimeout(tick, 0);
    timer.unref();
  };
  const halt = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  };

  let lock: LeaderLock | null = null;
  if (options.databaseUrl) {
    lock = startLeaderLock({ databaseUrl: options.databaseUrl, key: ORDER_EXPIRY_LOCK_KEY, job: 'Order expiry', log: options.log, onElected: start, onDeposed: halt });
  } else void start();
  return {
    async stop() {
      if (lock) await lock.close();
      await halt();
    },
  };
}
