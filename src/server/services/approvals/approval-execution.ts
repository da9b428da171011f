import { ForbiddenError } from '@/domain/errors';
import { parseCents } from '@/domain/money';
import { purchaseCost } from '@/domain/fees';
import { roleAllows } from '@/domain/organisations/roles';
import { DEFAULT_RETIREMENT_REASON } from '@/shared/constants';
import type { PurchaseBody } from '@/shared/schemas/credit';
import type { RetireBody } from '@/shared/schemas/certificate';
import type { Database, Executor, Transaction } from '@/server/db/client';
import type { StatementRunner } from '@/server/db/statement-runner';
import { findMembership } from '@/server/auth/acting-account';
import { purchaseOneIn } from '@/server/services/purchases/purchase-batch';
import { redeemQuoteIn } from '@/server/services/quotes/redeem-quote';
import { retireCreditsIn } from '@/server/services/retire-credits';
import { reserveSpendIn, spending } from './approval-policies';
import { approvalRunActor, type OrderExecutors, type StoredOrderRequest } from './order-approvals';

/** A request as it waits for an approver: the route's validated body, and for a retirement the credit it names. */
export type StoredRequest =
  | { kind: 'purchase'; body: PurchaseBody }
  | { kind: 'retire'; body: RetireBody & { creditId: number } }
  | StoredOrderRequest;

export interface ExecutionResult {
  projectId: number;
  creditId: number | null;
  certificateId: string | null;
  orderId?: number | null;
}

const purchasePermissions = (body: PurchaseBody) => (body.retireImmediately ? ['trade', 'retire'] as const : ['trade'] as const);

/** The requester must still be a member whose role may do it. */
export async function checkRequesterMayIn(tx: Executor, accountId: number, requesterId: number, stored: StoredRequest): Promise<void> {
  const membership = await findMembership(tx, requesterId, accountId);
  const needed = stored.kind === 'purchase' ? purchasePermissions(stored.body) : stored.kind === 'retire' ? ['retire'] as const : ['trade'] as const;
  if (!membership || !roleAllows(membership.role, needed)) throw new ForbiddenError('The requester may no longer do this in the organisation');
}

/**
 * Runs an approved order through the trading desk (its own transaction, after the claim committed): a limit order as
 * it was sent; a market order only if it costs no more than the total approved (else 409, the price moved). A buy
 * counts towards the requester's daily spend.
 */
export async function executeApprovedOrder(
  db: Database, executors: OrderExecutors, request: { id: number; accountId: number; requesterId: number; stored: StoredOrderRequest; valueCents: bigint }, now: Date,
): Promise<ExecutionResult> {
  const { accountId, requesterId, stored, valueCents } = request;
  const actor = approvalRunActor(request.id, accountId, requesterId);
  await checkRequesterMayIn(db, accountId, requesterId, stored);
  const run = stored.kind === 'order' ? executors.placeOrder : executors.marketOrder;
  if (!run) throw new ForbiddenError('Orders cannot be approved on this server');
  const spend = { accountId, userId: requesterId, valueCents: stored.body.orderType === 'buy' ? valueCents : 0n };
  const executed = await spending(db, spend, now, () => (stored.kind === 'order'
    ? executors.placeOrder!(accountId, stored.body, actor)
    : executors.marketOrder!(accountId, stored.body, BigInt(stored.body.approvedTotalCents), actor)));
  return { projectId: executed.projectId, creditId: null, certificateId: null, orderId: executed.orderId };
}

/**
 * Runs an approved request inside the caller's transaction (the one that claimed it), as its requester would have run
 * it at this moment: the same purchase and retirement code as a direct request, against today's prices and supply. A
 * purchase was approved at the unit price it named, so a changed price is refused (409) rather than paid; a lot that
 * is gone is refused by the retirement's own rules. The requester must still be a member allowed to do it, and still
 * within their daily spend limit.
 */
export async function executeApprovedIn(
  tx: Transaction, request: { accountId: number; requesterId: number; stored: StoredRequest }, now: Date, statements?: StatementRunner,
): Promise<ExecutionResult> {
  const { accountId, requesterId, stored } = request;
  await checkRequesterMayIn(tx, accountId, requesterId, stored);
  if (stored.kind === 'order' || stored.kind === 'market_order') throw new ForbiddenError('Orders run through the trading desk');
  if (stored.kind === 'retire') {
    const { creditId, reason, quantity, beneficiary, claim } = stored.body;
    const result = await retireCreditsIn(tx, { userId: accountId, holdingId: creditId, reason, quantity, beneficiary, claim }, now);
    return { projectId: result.retired.projectId, creditId: result.retired.id, certificateId: result.certificateId };
  }
  const { projectId, quantity, pricePerCredit, retireImmediately, beneficiary, reason, quoteId, claim } = stored.body;
  const priceCents = parseCents(pricePerCredit);
  await reserveSpendIn(tx, { accountId, userId: requesterId, valueCents: purchaseCost(priceCents, quantity).totalCents }, now);
  const wanted = { userId: accountId, projectId, quantity, priceCents, priceLocked: quoteId !== undefined };
  if (quoteId !== undefined) await redeemQuoteIn(tx, { ...wanted, quoteId }, now);
  const purchase = await purchaseOneIn(tx, wanted, now, statements);
  const retirement = retireImmediately
    ? await retireCreditsIn(tx, { userId: accountId, holdingId: purchase.holding.id, reason: reason || DEFAULT_RETIREMENT_REASON, beneficiary, claim, projectLocked: true }, now)
    : null;
  return { projectId, creditId: retirement?.retired.id ?? purchase.holding.id, certificateId: retirement?.certificateId ?? null };
}
