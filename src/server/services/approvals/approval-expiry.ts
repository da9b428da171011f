import { sql } from 'drizzle-orm';
import { formatCents } from '@/domain/money';
import { systemActor } from '@/domain/audit/audit-chain';
import type { Database } from '@/server/db/client';
import { runTransaction } from '@/server/db/run-transaction';
import { rowsOf } from '@/server/db/sql-values';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import type { MarketEvents } from '@/server/services/market-events';
import { BackgroundWorker } from '@/server/services/background-worker';
import { recoverInterruptedOrders } from './approval-requests';

const SWEEP_EVERY_MS = 60_000;
/** Requests expired per transaction; a pass repeats until fewer are left, so one pass never holds a long transaction. */
export const EXPIRY_BATCH = 200;

interface ExpiredRow { id: number; account_id: number; kind: string; requester_id: number; value_cents: string }

/**
 * Marks up to `limit` pending requests past their expiry as expired, with an approval.expired audit entry each, in
 * one transaction. The rows are picked once (a materialised CTE: an `in (… limit)` subquery may be rerun and
 * exceed the batch). The update is conditional (still pending) and skips rows another instance or a decider holds, so
 * two instances sweeping at once, or a late decision attempt, record each expiry once. Returns how many it expired.
 */
export async function expireApprovals(db: Database, now: Date, limit = EXPIRY_BATCH): Promise<number> {
  return runTransaction(db, async (tx) => {
    const rows = rowsOf<ExpiredRow>(await tx.execute(sql`
      with due as materialized (
        select id from approval_requests where status = 'pending' and expires_at <= ${now.toISOString()}::timestamptz
        order by expires_at, id limit ${limit} for update skip locked
      )
      update approval_requests set status = 'expired' from due
      where approval_requests.id = due.id and approval_requests.status = 'pending'
      returning approval_requests.id, account_id, kind, requester_id, value_cents::text as value_cents`));
    await appendAuditEntries(tx, rows.map((row) => ({
      actor: systemActor(row.account_id), action: 'approval.expired', targetType: 'approval', targetId: String(row.id),
      after: { kind: row.kind, requesterId: row.requester_id, value: formatCents(BigInt(row.value_cents)) },
    })), now);
    return rows.length;
  });
}

/**
 * Records expiries in the background (and settles approved orders whose run was interrupted, see
 * recoverInterruptedOrders), so a request past its time leaves the pending list (and its counts) even when
 * nobody tries to decide it; the inbox already shows it as expired from the moment it is. Every instance runs one.
 */
export class ApprovalExpiryWorker extends BackgroundWorker {
  constructor(private readonly deps: { db: Database; clock: () => Date; events: MarketEvents; log: (message: string) => void }) {
    super({ name: 'approval expiry', events: deps.events, log: deps.log, everyMs: SWEEP_EVERY_MS, passAtStart: true });
  }

  protected onEvent(): boolean {
    return false;
  }

  protected onTick(): void {}

  protected async pass(): Promise<void> {
    while (!this.stopped && (await expireApprovals(this.deps.db, this.deps.clock())) === EXPIRY_BATCH) { /* more are due */ }
    if (!this.stopped) await recoverInterruptedOrders(this.deps.db, this.deps.clock());
  }
}
