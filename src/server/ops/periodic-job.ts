import { startLeaderLock, type LeaderLock } from './leader-lock';

export interface PeriodicJob {
  stop(): Promise<void>;
}

/**
 * Runs `tick` now and then `intervalMs` after each run ends, until stopped. On PostgreSQL with several instances only
 * the holder of the job's advisory lock runs it (ops/leader-lock.ts); a follower takes over within a poll once the
 * leader's session ends. A failed run is logged and the next one still comes.
 */
export function startPeriodicJob(options: {
  /** The advisory lock key (one per singleton job) and the job's name in log lines. */
  key: number;
  job: string;
  tick: () => Promise<void>;
  databaseUrl: string | undefined;
  intervalMs: number;
  log: (line: string) => void;
}): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const run = () => {
    running = options.tick().catch((error: unknown) => options.log(`${options.job} failed: ${(error as Error).message}`)).finally(schedule);
  };
  function schedule(): void {
    if (timer === null) return;
    timer = setTimeout(run, options.intervalMs);
    timer.unref();
  }
  const start = async () => {
    timer = setTimeout(run, 0);
    timer.unref();
  };
  const halt = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  };

  let lock: LeaderLock | null = null;
  if (options.databaseUrl) {
    lock = startLeaderLock({ databaseUrl: options.databaseUrl, key: options.key, job: options.job, log: options.log, onElected: start, onDeposed: halt });
  } else void start();
  return {
    async stop() {
      if (lock) await lock.close();
      await halt();
    },
  };
}
