import type { MarketEvent, MarketEvents } from '@/server/services/market-events';

/**
 * The loop a background worker runs: it wakes on market events (the ones it cares for) and on a timer, runs one
 * pass at a time (a wake during a pass runs one more after it, so a burst of commits costs two passes, not fifty),
 * logs a failed pass and carries on, and on stop waits for the pass under way. Subclasses say what a pass does.
 */
export abstract class BackgroundWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  protected stopped = false;

  constructor(private readonly loop: {
    /** Names the worker in its log lines. */
    name: string;
    events: MarketEvents;
    log: (message: string) => void;
    /** How often the timer wakes it (after onTick). */
    everyMs: number;
    /** A first pass at start, not only at the first event or tick. */
    passAtStart: boolean;
  }) {}

  /** What a pass does. `stopped` tells a long pass to finish early. */
  protected abstract pass(): Promise<void>;
  /** Notes what the event changed; true runs a pass soon. */
  protected abstract onEvent(event: MarketEvent): boolean;
  /** Notes that the timer woke it (a sweep or a poll is due). */
  protected abstract onTick(): void;

  start(): void {
    this.unsubscribe = this.loop.events.subscribe((event) => {
      if (this.onEvent(event)) this.nudge();
    });
    this.timer = setInterval(() => { this.onTick(); this.nudge(); }, this.loop.everyMs);
    this.timer.unref();
    if (this.loop.passAtStart) this.nudge();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    await this.running;
  }

  /** Resolves once no pass runs or is due (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Runs a pass soon; a nudge during a pass runs one more after it. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) { this.again = true; return; }
    this.running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.pass()).catch((error: unknown) => {
      this.loop.log(`${this.loop.name} pass failed: ${(error as Error).message}`);
    }).finally(() => {
      this.running = null;
      if (this.again) { this.again = false; this.nudge(); }
    });
  }
}
