import pg from 'pg';

export interface LeaderLockOptions {
  databaseUrl: string;
  /** The advisory lock key; one key per singleton job. */
  key: number;
  /** How often a follower tries for the lock and a leader checks its connection. */
  pollMs?: number;
  /** Called once this instance holds the lock; leadership is not reported lost before it resolves. */
  onElected: () => Promise<void>;
  /** Called when the lock's connection is lost (the lock went with it) or at close, if elected. */
  onDeposed: () => Promise<void>;
  log?: (line: string) => void;
  /** The job named in the log lines; Anchoring when absent. */
  job?: string;
}

export interface LeaderLock {
  isLeader(): boolean;
  /** Settles once the first try for the lock is over (won or not). */
  readonly firstAttempt: Promise<void>;
  /** Stops trying, steps down (onDeposed) and releases the lock. */
  close(): Promise<void>;
}

/**
 * Leader election through a PostgreSQL session-level advisory lock held on a dedicated connection (never a pooled
 * one, which another query would reuse). The lock lives exactly as long as that session: when the leader's process
 * dies, PostgreSQL ends the session and a follower's next try, within `pollMs`, takes over. A leader that cannot run
 * its check query within `pollMs` assumes its session is gone and steps down before anyone else can lead.
 */
export function startLeaderLock(options: LeaderLockOptions): LeaderLock {
  const pollMs = options.pollMs ?? 1000;
  const log = options.log ?? (() => {});
  let client: pg.Client | null = null;
  let leader = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let tick: Promise<void> = Promise.resolve();

  async function dropConnection(): Promise<void> {
    const old = client;
    client = null;
    if (old) await old.end().catch(() => undefined);
  }

  async function stepDown(reason: string): Promise<void> {
    await dropConnection();
    if (!leader) return;
    leader = false;
    log(`${options.job ?? 'Anchoring'} leadership lost (${reason})`);
    await options.onDeposed();
  }

  async function attempt(): Promise<void> {
    try {
      if (!client) {
        const next = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: pollMs * 2, keepAlive: true });
        // Errors surface through the next query; an unhandled 'error' event would crash the process.
        next.on('error', () => undefined);
        await next.connect();
        client = next;
      }
      const query = leader ? 'SELECT true AS held' : 'SELECT pg_try_advisory_lock($1) AS held';
      const result = await withTimeout(client.query<{ held: boolean }>(query, leader ? [] : [options.key]), pollMs * 2);
      if (leader || !result.rows[0].held) return;
      leader = true;
      log(`${options.job ?? 'Anchoring'} leadership taken (advisory lock held)`);
      await options.onElected();
    } catch (error) {
      await stepDown((error as Error).message);
    }
  }

  function schedule(): void {
    if (closed) return;
    timer = setTimeout(() => {
      tick = attempt().finally(schedule);
    }, pollMs);
    timer.unref();
  }

  tick = attempt().finally(schedule);
  const firstAttempt = tick;

  return {
    isLeader: () => leader,
    firstAttempt,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await tick;
      if (leader) {
        leader = false;
        await options.onDeposed();
      }
      // Ending the session releases the lock.
      await dropConnection();
    },
  };
}

function withTimeout<T>(task: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([task, timeout]).finally(() => clearTimeout(timer));
}
