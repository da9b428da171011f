import type { Executor } from '@/server/db/client';
import type { holdings } from '@/server/db/schema';
import { plainStatements, type StatementRunner } from '@/server/db/statement-runner';
import { allocatePurchases, type ProjectStock, type PurchaseRequest } from '@/domain/purchases/allocate-purchases';
import type { Settled } from '@/server/services/batching-queue';
import type { IdempotencyTicket } from '@/server/services/idempotency/idempotency-ticket';
import { appendAuditEntries } from '@/server/db/append-audit-entries';
import type { AuditActor, AuditEntryInput } from '@/domain/audit/audit-chain';
import { lockPurchaseRows, writePurchases, type PurchaseWrite } from './purchase-statements';

export type HoldingRow = typeof holdings.$inferSelect;

export interface PurchaseResult {
  holding: HoldingRow;
  projectName: string;
  serialPrefix: string;
  subtotalCents: bigint;
  feeCents: bigint;
  totalCents: bigint;
  cashCents: bigint;
}

/** A purchase as the desk queues it: with its Idempotency-Key ticket when the request carried one. */
export type KeyedPurchase = PurchaseRequest & { ticket?: IdempotencyTicket<PurchaseResult>; actor?: AuditActor };

/**
 * Buys unsold credits for a batch of purchases inside the caller's transaction, in TWO statements for 1 purchase or
 * 100, with or without keys: one read that locks the projects and buyers and reserves holding ids
 * (`lockPurchaseRows`), the decisions in memory (`allocatePurchases`), and one write of everything the accepted ones
 * imply (`writePurchases`): stock, cash, holdings, transactions, webhook outbox rows and the answers of keyed
 * requests. Each purchase is answered on its own; a refused one changes nothing and stores no answer. If a key turns
 * out to be answered already (by another instance, or before a restart), the write fails with a primary-key
 * violation (`isAnswerKeyTaken`), which rolls it all back.
 */
export async function purchaseBatchIn(
  tx: Executor, requests: readonly KeyedPurchase[], now: Date, statements: StatementRunner = plainStatements,
): Promise<Settled<PurchaseResult>[]> {
  const projectIds = [...new Set(requests.map((request) => request.projectId))].sort((a, b) => a - b);
  const userIds = [...new Set(requests.map((request) => request.userId))].sort((a, b) => a - b);
  const locked = await lockPurchaseRows(tx, projectIds, userIds, requests.length, statements);
  const stock = new Map<number, ProjectStock>(locked.projects.map((row) => [row.id, {
    priceCents: BigInt(row.price_cents), availableCredits: row.available_credits, nextSerial: row.next_serial,
  }]));
  const cash = new Map(locked.users.map((row) => [row.id, BigInt(row.cash_cents)]));
  const projectsById = new Map(locked.projects.map((row) => [row.id, row]));
  const outcomes = allocatePurchases(stock, cash, requests).map((outcome, index): Settled<PurchaseResult> => {
    if (!outcome.ok) return outcome;
    const request = requests[index];
    const { serialStart, serialEnd, cost, cashAfterCents } = outcome.allocation;
    const project = projectsById.get(request.projectId)!;
    const holding: HoldingRow = {
      id: locked.holdingIds[index],
      userId: request.userId, projectId: request.projectId, quantity: request.quantity, serialStart, serialEnd,
      purchasePriceCents: request.priceCents, purchaseDate: now, status: 'active', orderId: null, poolId: null, origin: 'purchase',
      parentHoldingId: null, tokenId: null, retiredAt: null, retiredReason: null, certificateId: null, anchorError: null, createdAt: now,
    };
    return { ok: true, value: { holding, projectName: project.name, serialPrefix: project.serial_prefix, ...cost, cashCents: cashAfterCents } };
  });
  const accepted = outcomes.flatMap((outcome, index) => (outcome.ok ? [{ request: requests[index], result: outcome.value }] : []));
  if (accepted.length === 0) return outcomes;
  const write = purchaseWrite(accepted, stock, cash);
  await writePurchases(tx, write, now, statements);
  const audited = accepted.flatMap(({ request, result }) => (request.actor ? [purchaseAuditEntry(request.actor, result)] : []));
  await appendAuditEntries(tx, audited, now, statements);
  return outcomes;
}

/** The audit entry of a purchase: the new lot, its serials, price and total. */
export function purchaseAuditEntry(actor: AuditActor, { holding, totalCents, feeCents }: PurchaseResult): AuditEntryInput {
  return {
    actor, action: 'credit.purchased', targetType: 'holding', targetId: String(holding.id),
    after: {
      projectId: holding.projectId, quantity: holding.quantity, serialStart: holding.serialStart, serialEnd: holding.serialEnd,
      priceCents: holding.purchasePriceCents.toString(), totalCents: totalCents.toString(), feeCents: feeCents.toString(),
    },
  };
}

/** The rows of the batch's write, all built in memory: the holding ids were reserved by the read. */
function purchaseWrite(
  accepted: readonly { request: KeyedPurchase; result: PurchaseResult }[], stock: Map<number, ProjectStock>, cash: Map<number, bigint>,
): PurchaseWrite {
  const projectIds = [...new Set(accepted.map(({ request }) => request.projectId))];
  const userIds = [...new Set(accepted.map(({ request }) => request.userId))];
  return {
    projects: projectIds.map((id) => ({ id, available_credits: stock.get(id)!.availableCredits, next_serial: stock.get(id)!.nextSerial })),
    users: userIds.map((id) => ({ id, cash_cents: cash.get(id)! })),
    purchases: accepted.map(({ request, result: { holding, totalCents, feeCents } }) => ({
      holding_id: holding.id, user_id: request.userId, project_id: request.projectId, quantity: request.quantity,
      serial_start: holding.serialStart, serial_end: holding.serialEnd, price_cents: request.priceCents, total_cents: totalCents, fee_cents: feeCents,
    })),
    answers: accepted.flatMap(({ request: { ticket }, result }) => {
      const answer = ticket?.answer(result);
      return ticket && answer ? [{ ticket, answer }] : [];
    }),
  };
}

/** One purchase inside the caller's transaction (buy-and-retire wraps it with the retirement); a refusal throws. */
export async function purchaseOneIn(tx: Executor, request: KeyedPurchase, now: Date, statements?: StatementRunner): Promise<PurchaseResult> {
  const [outcome] = await purchaseBatchIn(tx, [request], now, statements);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
