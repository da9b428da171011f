import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-values';

export interface AppMetricsOptions {
  db: Database;
  /** The pg pool on PostgreSQL; absent on the embedded database, which has no pool. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  /** True while this instance runs the anchoring worker; absent without a chain. */
  isAnchoringLeader?: () => boolean;
}

/** Work the API committed, counted once per request that did it, never for a replayed answer (see routes/operations.ts). */
export interface BusinessCounters {
  purchases: Counter;
  tonnesBought: Counter;
  tonnesRetired: Counter;
  retirements: Counter;
  orders: Counter<'type'>;
  trades: Counter;
  swaps: Counter;
}

/**
 * One Prometheus registry per app (tests build many apps in one process): request durations, business counters and
 * gauges read at scrape time (anchoring backlog from the database, pool use, SSE clients, event-loop lag).
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly requestDuration: Histogram<'route' | 'method' | 'status'>;
  readonly business: BusinessCounters;
  private sseClients = 0;
  /** Requests being handled now, market streams excluded (they are counted as SSE clients). */
  inFlight = 0;
  private readonly loopDelay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });

  constructor(options: AppMetricsOptions) {
    const registers = [this.registry];
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route pattern, method and status code',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    const counter = (name: string, help: string) => new Counter({ name, help, registers });
    this.business = {
      purchases: counter('marketplace_purchases_total', 'Primary purchases committed'),
      tonnesBought: counter('marketplace_tonnes_bought_total', 'Tonnes bought in primary purchases'),
      tonnesRetired: counter('marketplace_tonnes_retired_total', 'Tonnes retired (certificates issued)'),
      retirements: counter('marketplace_retirements_total', 'Retirements (certificates issued)'),
      orders: new Counter({ name: 'marketplace_orders_total', help: 'Orders accepted, limit or market', labelNames: ['type'] as const, registers }),
      trades: counter('marketplace_trades_total', 'Order-book trades (fills) executed'),
      swaps: counter('marketplace_swaps_total', 'Pool swaps executed, direct or as part of a routed market order'),
    };
    this.registerGauges(options);
    this.loopDelay.enable();
  }

  sseOpened(): void {
    this.sseClients++;
  }

  sseClosed(): void {
    this.sseClients = Math.max(0, this.sseClients - 1);
  }

  close(): void {
    this.loopDelay.disable();
  }

  private registerGauges(options: AppMetricsOptions): void {
    const registers = [this.registry];
    // prom-client calls `collect` with the gauge as `this`: the counts are read through these arrows instead.
    const inFlight = () => this.inFlight;
    const sseClients = () => this.sseClients;
    const loopDelay = this.loopDelay;
    new Gauge({
      name: 'http_requests_in_flight', help: 'Requests being handled now (market streams excluded)', registers,
      collect() { this.set(inFlight()); },
    });
    new Gauge({
      name: 'marketplace_sse_clients', help: 'Open market streams (server-sent events) on this instance', registers,
      collect() { this.set(sseClients()); },
    });
    // `stat`, not `quantile`: Prometheus reserves `quantile` for summaries (and `le` for histograms), and a gauge
    // carrying it fails `promtool check metrics`.
    new Gauge({
      name: 'nodejs_eventloop_lag_seconds', help: 'Event-loop delay since the last scrape: mean, p99 and max', labelNames: ['stat'] as const, registers,
      collect() {
        const toSeconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
        this.set({ stat: 'mean' }, toSeconds(loopDelay.mean));
        this.set({ stat: 'p99' }, toSeconds(loopDelay.percentile(99)));
        this.set({ stat: 'max' }, toSeconds(loopDelay.max));
        loopDelay.reset();
      },
    });
    const { pool, isAnchoringLeader, db } = options;
    if (pool) {
      new Gauge({
        name: 'marketplace_db_pool_connections', help: 'Database pool connections by state', labelNames: ['state'] as const, registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }
    if (isAnchoringLeader) {
      new Gauge({
        name: 'marketplace_anchoring_leader', help: '1 while this instance runs the anchoring worker', registers,
        collect() { this.set(isAnchoringLeader() ? 1 : 0); },
      });
      // Each gauge awaits the database in its own collect, so a scrape shows the backlog as it is now (setting one gauge
      // from another's collect showed the previous scrape's figures, and nothing on the first). Both share one read.
      const read = scrapeOnce(() => anchoringBacklog(db));
      new Gauge({
        name: 'marketplace_anchoring_backlog', help: 'Chain operations still owed: holdings without a token, certificates without a transaction', labelNames: ['kind'] as const, registers,
        async collect() {
          const state = await read();
          this.set({ kind: 'holding' }, state.holdings);
          this.set({ kind: 'certificate' }, state.certificates);
        },
      });
      new Gauge({
        name: 'marketplace_anchoring_oldest_pending_seconds', help: 'Age of the oldest holding or certificate still waiting for anchoring', registers,
        async collect() { this.set((await read()).oldestPendingSeconds); },
      });
    }
  }
}

/**
 * `load` shared by the collects of one scrape: a call while a load is under way gets that load; a call after it
 * settled starts a fresh one (prom-client collects a scrape's metrics together, so they meet on one load).
 */
function scrapeOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => (pending ??= load().finally(() => { pending = null; }));
}

/** Both anchoring queues in one round trip (partial indexes on the pending rows keep it cheap). */
async function anchoringBacklog(db: Database): Promise<{ holdings: number; certificates: number; oldestPendingSeconds: number }> {
  const result = await db.execute(sql`
    with h as (select count(*) as n, min(created_at) as oldest from holdings where token_id is null and anchor_error is null),
         c as (select count(*) as n, min(created_at) as oldest from certificates where chain_tx_hash is null and anchor_error is null)
    select h.n::float8 as holdings, c.n::float8 as certificates,
      coalesce(extract(epoch from now() - least(h.oldest, c.oldest)), 0)::float8 as oldest
    from h, c`);
  const row = rowsOf<{ holdings: number; certificates: number; oldest: number }>(result)[0];
  return { holdings: Number(row.holdings), certificates: Number(row.certificates), oldestPendingSeconds: Math.max(0, Number(row.oldest)) };
}
