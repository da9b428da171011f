import { startPeriodicJob } from './periodic-job';

/** Advisory lock key of the order expiry sweep (the migration lock is 7243001, anchoring 7243002, the audit head's anchoring 7243004). */
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
  return startPeriodicJob({
    key: ORDER_EXPIRY_LOCK_KEY, job: 'Order expiry sweep', databaseUrl: options.databaseUrl, intervalMs: options.intervalMs ?? ORDER_EXPIRY_SWEEP_MS,
    log: options.log,
    async tick() {
      const count = await options.expireDueOrders();
      if (count > 0) options.log(`Expired ${count} GTD orders`);
      const projects = (await options.triggerReachedStops?.()) ?? 0;
      if (projects > 0) options.log(`Triggered reached stop orders of ${projects} projects`);
    },
  });
}
