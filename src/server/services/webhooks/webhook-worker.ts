import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-values';
import { nextAttemptAtMs } from '@/domain/webhooks/retry-schedule';
import type { Config } from '@/server/config';
import type { MarketEvent, MarketEvents } from '@/server/services/market-events';
import { BackgroundWorker } from '@/server/services/background-worker';
import { sweepExpiredAnswers } from '@/server/services/idempotency/idempotent-writes';
import { deliverWebhook, type DeliveryAttempt } from './deliver-webhook';
import type { WebhookSecretBox } from './webhook-secret-box';

const BATCH_SIZE = 20;
const SWEEP_EVERY_MS = 10 * 60_000;

interface DueDelivery { id: number; message_id: string; payload: string; attempts: number; created_at: string | Date; url: string; secret: string; user_id: number }

/**
 * Delivers the webhook outbox, at least once. Any number of instances may run it: each claims due rows with
 * FOR UPDATE SKIP LOCKED and leases them while it sends (no transaction stays open during HTTP), so two instances
 * never send the same attempt. It wakes after every committed change in this process (market events) and polls
 * for retries and other instances' events. It also sweeps expired idempotency answers now and then.
 */
export class WebhookWorker extends BackgroundWorker {
  private lastSweepMs = 0;
  /**
   * False once a poll found no endpoint at all (not even a disabled one with deliveries left): then a commit writes no
   * delivery and nothing is due, so the passes that commits trigger (hundreds a second under trading load) skip their
   * claim query. A new endpoint's event (this instance's, or another's through the bridge) turns it back on, and a
   * poll (every pollMs) looks again anyway.
   */
  private endpointsExist = true;
  private pollDue = false;

  constructor(private readonly deps: {
    db: Database; clock: () => Date; events: MarketEvents; config: Config['webhooks']; secrets: WebhookSecretBox; log: (message: string) => void;
  }) {
    super({ name: 'webhook', events: deps.events, log: deps.log, everyMs: deps.config.pollMs, passAtStart: false });
  }

  /** Every committed change may have written a delivery. */
  protected onEvent(event: MarketEvent): boolean {
    if (event.type === 'webhooks') this.endpointsExist = true;
    return true;
  }

  protected onTick(): void {
    this.pollDue = true;
  }

  protected async pass(): Promise<void> {
    const polling = this.pollDue;
    this.pollDue = false;
    if (polling) this.endpointsExist = await this.anyEndpoint();
    for (;;) {
      if (!this.endpointsExist) break;
      const due = await this.claim();
      await Promise.all(due.map(async (delivery) => this.record(delivery, await this.send(delivery))));
      if (due.length < BATCH_SIZE || this.stopped) break;
    }
    const nowMs = this.deps.clock().getTime();
    if (nowMs - this.lastSweepMs > SWEEP_EVERY_MS) {
      this.lastSweepMs = nowMs;
      await sweepExpiredAnswers(this.deps.db, this.deps.clock());
    }
  }

  /** One attempt; a secret this key cannot open is a failed attempt in the log, not a pass that fails over and over. */
  private async send(delivery: DueDelivery): Promise<DeliveryAttempt> {
    let secret: string;
    try {
      secret = this.deps.secrets.open(delivery.secret, delivery.user_id);
    } catch (error) {
      return { statusCode: null, latencyMs: 0, error: (error as Error).message };
    }
    return deliverWebhook(
      { url: delivery.url, secret, messageId: delivery.message_id, payload: delivery.payload },
      { allowPrivate: this.deps.config.allowPrivate, timeoutMs: this.deps.config.timeoutMs, now: this.deps.clock() },
    );
  }

  private async anyEndpoint(): Promise<boolean> {
    const [row] = rowsOf<{ found: boolean }>(await this.deps.db.execute(sql`
      select exists (select 1 from webhook_endpoints) as found`));
    return row.found;
  }

  private async claim(): Promise<DueDelivery[]> {
    const now = this.deps.clock();
    const leaseEnds = new Date(now.getTime() + this.deps.config.timeoutMs + 30_000);
    return rowsOf<DueDelivery>(await this.deps.db.execute(sql`
      update webhook_deliveries d set leased_until = ${leaseEnds.toISOString()}::timestamptz
      from (select id from webhook_deliveries
            where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
              and (leased_until is null or leased_until <= ${now.toISOString()}::timestamptz)
            order by next_attempt_at limit ${BATCH_SIZE} for update skip locked) due, webhook_endpoints w
      where d.id = due.id and w.id = d.endpoint_id
      returning d.id, d.message_id, d.payload, d.attempts, d.created_at, w.url, w.secret, w.user_id`));
  }

  /** The attempt's log row and the delivery's new state, in one statement. */
  private async record(delivery: DueDelivery, attempt: DeliveryAttempt): Promise<void> {
    const now = this.deps.clock();
    const attempts = delivery.attempts + 1;
    const delivered = attempt.error === null;
    const nextMs = delivered ? null : nextAttemptAtMs(attempts, this.deps.config.retryBaseMs, new Date(delivery.created_at).getTime(), now.getTime());
    const status = delivered ? 'delivered' : nextMs === null ? 'failed' : 'pending';
    const at = sql`${now.toISOString()}::timestamptz`;
    await this.deps.db.execute(sql`
      with logged as (
        insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, error)
        values (${delivery.id}, ${at}, ${attempt.statusCode}, ${attempt.latencyMs}, ${attempt.error}))
      update webhook_deliveries set status = ${status}, attempts = ${attempts}, leased_until = null,
        next_attempt_at = ${new Date(nextMs ?? now.getTime()).toISOString()}::timestamptz,
        last_status_code = ${attempt.statusCode}, last_latency_ms = ${attempt.latencyMs}, last_error = ${attempt.error},
        delivered_at = ${delivered ? now.toISOString() : null}::timestamptz
      where id = ${delivery.id}`);
  }
}
