import type { AuditActor } from '@/domain/audit/audit-chain';
import type { MarketOrderBody, PlaceOrderBody } from '@/shared/schemas/trading';

/** An order as it waits for an approver: the route's validated body; a market order also keeps the total it was approved at. */
export type StoredOrderRequest =
  | { kind: 'order'; body: PlaceOrderBody }
  | { kind: 'market_order'; body: MarketOrderBody & { approvedTotalCents: string } };

export interface ExecutedOrder {
  projectId: number;
  orderId: number | null;
}

/**
 * Orders run through the trading desk, which opens its own transaction; the trading routes register how (so an
 * approved order goes through the very desk a direct one does). Both throw DomainErrors for refusals.
 */
export interface OrderExecutors {
  placeOrder?: (accountId: number, body: PlaceOrderBody, actor: AuditActor) => Promise<ExecutedOrder>;
  marketOrder?: (accountId: number, body: MarketOrderBody, approvedTotalCents: bigint, actor: AuditActor) => Promise<ExecutedOrder>;
}

/**
 * The audit actor an approved order runs as: its requester, for the organisation, with the approval named as the
 * request. The desk appends the order's entry in the transaction that places it, so that entry is the proof that the
 * approval's order ran (recovery after a crash reads it).
 */
export const approvalRunActor = (approvalId: number, accountId: number, requesterId: number): AuditActor => ({
  personId: requesterId, accountId, requestId: approvalRequestId(approvalId), ip: null, userAgent: null, apiKeyId: null,
});
export const approvalRequestId = (approvalId: number) => `approval:${approvalId}`;

export const newOrderExecutors = (): OrderExecutors => ({});
