import type { Database } from '@/server/db/client';
import type { MarketEvent, MarketEvents } from '@/server/services/market-events';
import { BackgroundWorker } from '@/server/services/background-worker';
import { evaluateAlerts, projectsWithRules } from './evaluate-alerts';

const SWEEP_EVERY_MS = 30_000;
/** Projects evaluated per transaction in a sweep. */
const SWEEP_CHUNK = 50;

/**
 * Runs the alert evaluator after commits. The desks publish the projects each commit touched (market events, relayed
 * between instances by the bridge on PostgreSQL); this worker gathers them and evaluates them together soon after,
 * one transaction for all the projects gathered, so the order path pays nothing and a burst of batches costs one
 * pass. A sweep of every project with a rule runs at start-up, on catalogue changes (a project's label or rating may
 * have moved) and every 30 s, for changes that published nothing. Every instance runs one: the evaluator's locks and
 * unique keys make each firing happen once.
 */
export class AlertWorker extends BackgroundWorker {
  private readonly dirty = new Set<number>();
  /**
   * The projects that have a rule, as of the last sweep plus the rules made since (any instance's, through the
   * bridge): a commit on any other project costs nothing, not even a query. A deleted rule's project stays until the
   * next sweep, which costs one evaluation that finds nothing.
   */
  private watched = new Set<number>();
  private readonly addedDuringSweep = new Set<number>();
  private sweepDue = true;

  constructor(private readonly deps: { db: Database; clock: () => Date; events: MarketEvents; log: (message: string) => void }) {
    super({ name: 'alert', events: deps.events, log: deps.log, everyMs: SWEEP_EVERY_MS, passAtStart: true });
  }

  protected onEvent(event: MarketEvent): boolean {
    if (event.type === 'project' && this.watched.has(event.projectId)) this.dirty.add(event.projectId);
    else if (event.type === 'alert-rules') { this.watched.add(event.projectId); this.addedDuringSweep.add(event.projectId); }
    else if (event.type === 'catalogue') this.sweepDue = true;
    else return false;
    return true;
  }

  protected onTick(): void {
    this.sweepDue = true;
  }

  protected async pass(): Promise<void> {
    const sweeping = this.sweepDue;
    this.sweepDue = false;
    if (sweeping) {
      this.addedDuringSweep.clear();
      const withRules = await projectsWithRules(this.deps.db);
      // A rule whose event arrived while the sweep read may be missing from what it read: keep it watched.
      this.watched = new Set([...withRules, ...this.addedDuringSweep]);
    }
    const projectIds = sweeping ? [...this.watched] : [...this.dirty];
    this.dirty.clear();
    for (let start = 0; start < projectIds.length && !this.stopped; start += SWEEP_CHUNK) {
      const notified = await evaluateAlerts(this.deps.db, projectIds.slice(start, start + SWEEP_CHUNK), this.deps.clock());
      for (const userId of notified) this.deps.events.publish({ type: 'user', userId });
    }
  }
}
