import { and, desc, eq, gt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ConflictError, DomainError, ForbiddenError, NotFoundError } from '@/domain/errors';
import { formatCents } from '@/domain/money';
import { approvalExpiry, checkDecision, decideApproval, type ApprovalPolicy, type GatedRequest } from '@/domain/organisations/approval-policy';
import { roleAllows, type Role } from '@/domain/organisations/roles';
import type { Approval, PendingApproval } from '@/shared/schemas/approval';
import type { Database, Executor } from '@/server/db/client';
import type { IdempotencyTicket } from '@/server/services/idempotency/idempotency-ticket';
import { idempotentIn } from '@/server/services/idempotency/idempotent-writes';
import { runTransaction } from '@/server/db/run-transaction';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import { systemActor, type AuditActor } from '@/domain/audit/audit-chain';
import type { StatementRunner } from '@/server/db/statement-runner';
import { approvalRequests, auditEntries, users } from '@/server/db/schema';
import { executeApprovedIn, executeApprovedOrder, type ExecutionResult, type StoredRequest } from './approval-execution';
import { approvalRequestId, type OrderExecutors, type StoredOrderRequest } from './order-approvals';
import { findPolicy, policyForMember, spentToday } from './approval-policies';

type Row = typeof approvalRequests.$inferSelect;

/** Another decider claimed the request first (or it expired meanwhile): 409, and nothing ran. */
class AlreadyDecidedError extends ConflictError {
  constructor() {
    super('This request was already decided, or it has expired');
  }
}
export interface Actor { personId: number; accountId: number; role: Role }

/** A decision's audit entry (approval.approved / rejected / failed / expired), appended last in the decision's transaction. */
function decisionEntry(audit: AuditActor, row: Pick<Row, 'id' | 'kind' | 'requesterId' | 'valueCents'>, decision: 'approved' | 'rejected' | 'failed' | 'expired', after: Record<string, unknown> = {}) {
  return {
    actor: audit, action: `approval.${decision}`, targetType: 'approval', targetId: String(row.id),
    after: { kind: row.kind, requesterId: row.requesterId, value: formatCents(row.valueCents), ...after },
  };
}

type Gated = GatedRequest & { stored: StoredRequest; summary: string };
/** A request the policy holds for an approver, not yet stored. */
export interface HeldRequest { actor: Actor; request: Gated; policy: ApprovalPolicy; reason: string }

/**
 * The policy's verdict on a request: null when it runs now (its spend is then counted by `spending`, atomically);
 * the request to hold for an approver otherwise (`holdRequest` stores it). A request over the member's daily limit is
 * refused either way.
 */
export async function gateRequest(db: Database, actor: Actor, request: Gated, now: Date): Promise<HeldRequest | null> {
  const found = await findPolicy(db, actor.accountId, now);
  if (!found) return null;
  const policy = policyForMember(found, actor.personId);
  const spent = (request.dailySpendCents ?? request.spendCents) > 0n && policy.dailySpendLimitCents !== null ? await spentToday(db, actor.accountId, actor.personId, now) : 0n;
  const decision = decideApproval(policy, request, spent);
  if (decision.kind === 'over_daily_limit') throw new ForbiddenError(decision.message, { limitCents: decision.limitCents, leftCents: decision.leftCents });
  if (decision.kind === 'runs_now') return null;
  return { actor, request, policy, reason: decision.reason };
}

/**
 * Stores a held request as pending, with its Idempotency-Key's answer in the same transaction: a retried request
 * replays the same 202 and the same approval id instead of storing a second request.
 */
export function holdRequest<R extends PendingApproval>(db: Database, held: HeldRequest, ticket: IdempotencyTicket<R> | undefined, now: Date): Promise<PendingApproval> {
  return runTransaction(db, (tx) => idempotentIn(tx, ticket as IdempotencyTicket<PendingApproval> | undefined, now, () => storeRequestIn(tx, held, now)));
}

async function storeRequestIn(tx: Executor, { actor, request, policy, reason }: HeldRequest, now: Date): Promise<PendingApproval> {
  const expiresAt = approvalExpiry(policy, now);
  const [row] = await tx.insert(approvalRequests).values({
    accountId: actor.accountId, requesterId: actor.personId, kind: request.stored.kind, body: request.stored.body,
    valueCents: request.spendCents, quantity: request.stored.body.quantity ?? request.retireTonnes, summary: request.summary,
    status: 'pending', expiresAt, createdAt: now,
  }).returning({ id: approvalRequests.id });
  return { approvalId: row.id, status: 'pending', message: `Sent for approval: ${reason}`, expiresAt: expiresAt.toISOString() };
}

const requesters = alias(users, 'requesters');
const deciders = alias(users, 'deciders');

function selectApprovals(db: Database) {
  return db.select({ row: approvalRequests, requesterName: requesters.firstName, decidedByName: deciders.firstName }).from(approvalRequests)
    .innerJoin(requesters, eq(requesters.id, approvalRequests.requesterId))
    .leftJoin(deciders, eq(deciders.id, approvalRequests.decidedBy));
}

/** A pending request past its expiry is shown as expired, whether or not a decision attempt recorded it yet. */
function toApproval(found: { row: Row; requesterName: string; decidedByName: string | null }, actor: Actor, now: Date): Approval {
  const { row } = found;
  // An order being run (or one interrupted, until the sweep settles it) shows as approved: the decision is made.
  const status = row.status === 'pending' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status === 'executing' ? 'approved' : row.status;
  const result = row.result as ExecutionResult | null;
  return {
    id: row.id, kind: row.kind as Approval['kind'], status: status as Approval['status'], summary: row.summary,
    value: formatCents(row.valueCents), quantity: row.quantity, requesterId: row.requesterId, requesterName: found.requesterName,
    requestedAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(), comment: row.comment,
    decidedByName: found.decidedByName, decidedAt: row.decidedAt?.toISOString() ?? null, failure: row.failure,
    certificateId: result?.certificateId ?? null, creditId: result?.creditId ?? null, orderId: result?.orderId ?? null,
    canDecide: status === 'pending' && row.requesterId !== actor.personId && roleAllows(actor.role, ['approve']),
  };
}

/** The inbox: approvers see every request of the organisation, others their own; newest first, at most 200. */
export async function listApprovals(db: Database, actor: Actor, now: Date): Promise<Approval[]> {
  const mine = eq(approvalRequests.requesterId, actor.personId);
  const visible = roleAllows(actor.role, ['approve']) ? sql`true` : mine;
  const rows = await selectApprovals(db).where(and(eq(approvalRequests.accountId, actor.accountId), or(visible, mine)))
    .orderBy(desc(approvalRequests.id)).limit(200);
  return rows.map((row) => toApproval(row, actor, now));
}

/** One request; someone else's in the organisation is visible to approvers only (otherwise 404). */
export async function getApproval(db: Database, actor: Actor, id: number, now: Date): Promise<Approval> {
  const [found] = await selectApprovals(db).where(and(eq(approvalRequests.id, id), eq(approvalRequests.accountId, actor.accountId))).limit(1);
  if (!found || (found.row.requesterId !== actor.personId && !roleAllows(actor.role, ['approve']))) throw new NotFoundError(`Approval request ${id} not found`);
  return toApproval(found, actor, now);
}

async function checkDecidable(db: Database, actor: Actor, audit: AuditActor, id: number, now: Date): Promise<string> {
  const [row] = await db.select().from(approvalRequests).where(and(eq(approvalRequests.id, id), eq(approvalRequests.accountId, actor.accountId))).limit(1);
  if (!row) throw new NotFoundError(`Approval request ${id} not found`);
  const verdict = checkDecision(row, actor.personId, now);
  if (verdict.ok) return row.kind;
  if (verdict.kind === 'self') throw new ForbiddenError(verdict.message);
  if (verdict.kind === 'expired') {
    // Recorded as expired once, by whichever late decision attempt finds it first, with its audit entry.
    await runTransaction(db, async (tx) => {
      const [expired] = await tx.update(approvalRequests).set({ status: 'expired' })
        .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'pending'))).returning();
      if (expired) await appendAuditEntries(tx, [decisionEntry(audit, expired, 'expired')], now);
    });
  }
  throw new ConflictError(verdict.message);
}

/** Claims a pending, unexpired request for one decision: exactly one of racing deciders gets the row. */
async function claim(tx: Parameters<Parameters<typeof runTransaction>[1]>[0], id: number, fields: Partial<Row>, now: Date): Promise<Row> {
  const [row] = await tx.update(approvalRequests).set(fields)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'pending'), gt(approvalRequests.expiresAt, now))).returning();
  if (!row) throw new AlreadyDecidedError();
  return row;
}

interface OrderRunDeps {
  db: Database;
  orders: OrderExecutors;
  audit: AuditActor;
  /** Tests stop an approval between its claim and its run here, as a crash would. */
  beforeRun?: (approvalId: number) => Promise<void>;
}

/**
 * Approves and runs the request in ONE transaction: the conditional update that claims it (status pending and not
 * expired) and the purchase or retirement commit together, so racing approvers run it once (the second finds it
 * decided: 409) and a crash leaves it either pending or done. If the execution is refused (lost supply, a changed
 * price, the requester's limit), it rolls back and the request is marked failed with the reason.
 */
export async function approveRequest(
  deps: { db: Database; statements?: StatementRunner; publish: (projectId: number) => void } & OrderRunDeps, actor: Actor, id: number, comment: string | undefined, now: Date,
): Promise<Approval> {
  const { db } = deps;
  const kind = await checkDecidable(db, actor, deps.audit, id, now);
  const decided = { decidedBy: actor.personId, decidedAt: now, comment: comment || null };
  if (kind === 'order' || kind === 'market_order') {
    await approveOrder(deps, id, decided, now);
    return getApproval(db, actor, id, now);
  }
  try {
    const result = await runTransaction(db, async (tx) => {
      const row = await claim(tx, id, { status: 'approved', ...decided }, now);
      const executed = await executeApprovedIn(tx, { accountId: row.accountId, requesterId: row.requesterId, stored: { kind: row.kind, body: row.body } as StoredRequest }, now, deps.statements);
      await tx.update(approvalRequests).set({ result: executed }).where(eq(approvalRequests.id, id));
      await appendAuditEntries(tx, [decisionEntry(deps.audit, row, 'approved', { result: executed })], now);
      return executed;
    });
    deps.publish(result.projectId);
  } catch (error) {
    if (!(error instanceof DomainError) || error instanceof AlreadyDecidedError) throw error;
    await runTransaction(db, async (tx) => {
      const [failed] = await tx.update(approvalRequests).set({ status: 'failed', failure: error.message, ...decided })
        .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'pending'))).returning();
      if (failed) await appendAuditEntries(tx, [decisionEntry(deps.audit, failed, 'failed', { failure: error.message })], now);
    });
  }
  return getApproval(db, actor, id, now);
}

/**
 * An order runs through the trading desk in its own transaction, so it cannot commit with the claim. The claim commits
 * first as 'executing' (racing approvers: one wins, the other gets 409), the desk runs it once, then the request is
 * marked approved with the result, or failed with the desk's reason. The desk's audit entry for the order names the
 * approval (`approvalRunActor`) in the order's own transaction: a crash after the claim leaves 'executing', which
 * `recoverInterruptedOrders` settles from that entry. Anything but a refusal (a lost connection) also leaves it there.
 */
async function approveOrder(
  deps: OrderRunDeps, id: number, decided: Partial<Row>, now: Date,
): Promise<void> {
  const { db } = deps;
  const row = await runTransaction(db, async (tx) => {
    const claimed = await claim(tx, id, { status: 'executing', ...decided }, now);
    await appendAuditEntries(tx, [decisionEntry(deps.audit, claimed, 'approved')], now);
    return claimed;
  });
  await deps.beforeRun?.(id);
  try {
    const executed = await executeApprovedOrder(db, deps.orders, {
      id, accountId: row.accountId, requesterId: row.requesterId, stored: { kind: row.kind, body: row.body } as StoredOrderRequest, valueCents: row.valueCents,
    }, now);
    await db.update(approvalRequests).set({ status: 'approved', result: executed }).where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'executing')));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await failExecuting(db, deps.audit, row, error.message, now);
  }
}

async function failExecuting(db: Database, audit: AuditActor, row: Pick<Row, 'id'>, failure: string, now: Date): Promise<void> {
  await runTransaction(db, async (tx) => {
    const [failed] = await tx.update(approvalRequests).set({ status: 'failed', failure })
      .where(and(eq(approvalRequests.id, row.id), eq(approvalRequests.status, 'executing'))).returning();
    if (failed) await appendAuditEntries(tx, [decisionEntry(audit, failed, 'failed', { failure })], now);
  });
}

/** An order run takes milliseconds; a request still 'executing' this long after its approval was interrupted. */
export const INTERRUPTED_AFTER_MS = 5 * 60_000;
export const INTERRUPTED_ORDER_FAILURE = 'The approval was interrupted before its order reached the trading desk, so nothing was placed: send the order again if it is still wanted';

/**
 * Settles approved orders whose run was interrupted (a crash between the claim and the desk): if the desk's audit
 * entry naming the approval exists, the order ran and the request is marked approved with it; otherwise nothing ran
 * and the request fails with a message saying so. It is never run again here: a user approved it at that moment's
 * prices, and running it minutes or hours later, unseen, is not what they agreed to. Either way there is at most one
 * order. Run by the approval sweep; the row lock and the status check make two instances settle each once.
 */
export async function recoverInterruptedOrders(db: Database, now: Date, limit = 100): Promise<number> {
  const due = await db.select({ id: approvalRequests.id }).from(approvalRequests)
    .where(and(eq(approvalRequests.status, 'executing'), lte(approvalRequests.decidedAt, new Date(now.getTime() - INTERRUPTED_AFTER_MS)))).limit(limit);
  let settled = 0;
  for (const { id } of due) {
    settled += await runTransaction(db, async (tx) => {
      const [row] = await tx.select().from(approvalRequests).where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'executing'))).for('update', { skipLocked: true });
      if (!row) return 0;
      const [ran] = await tx.select({ targetType: auditEntries.targetType, targetId: auditEntries.targetId }).from(auditEntries)
        .where(and(eq(auditEntries.accountId, row.accountId), eq(auditEntries.requestId, approvalRequestId(id)))).limit(1);
      if (ran) {
        const result: ExecutionResult = {
          projectId: (row.body as { projectId: number }).projectId, creditId: null, certificateId: null, orderId: ran.targetType === 'order' ? Number(ran.targetId) : null,
        };
        await tx.update(approvalRequests).set({ status: 'approved', result }).where(eq(approvalRequests.id, id));
      } else {
        await tx.update(approvalRequests).set({ status: 'failed', failure: INTERRUPTED_ORDER_FAILURE }).where(eq(approvalRequests.id, id));
        await appendAuditEntries(tx, [decisionEntry(systemActor(row.accountId), row, 'failed', { failure: INTERRUPTED_ORDER_FAILURE })], now);
      }
      return 1;
    });
  }
  return settled;
}


/** Rejects a pending, unexpired request with the approver's comment; nothing runs. */
export async function rejectRequest(db: Database, actor: Actor, audit: AuditActor, id: number, comment: string | undefined, now: Date): Promise<Approval> {
  await checkDecidable(db, actor, audit, id, now);
  await runTransaction(db, async (tx) => {
    const row = await claim(tx, id, { status: 'rejected', decidedBy: actor.personId, decidedAt: now, comment: comment || null }, now);
    await appendAuditEntries(tx, [decisionEntry(audit, row, 'rejected', { comment: comment || null })], now);
  });
  return getApproval(db, actor, id, now);
}
