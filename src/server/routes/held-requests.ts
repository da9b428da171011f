import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PendingApproval } from '@/shared/schemas/approval';
import type { Database } from '@/server/db/client';
import type { IdempotencyGate } from '@/server/plugins/idempotency-gate';
import { holdRequest, type HeldRequest } from '@/server/services/approvals/approval-requests';

/**
 * A request the policy holds for an approver answers 202 through the same Idempotency-Key gate as one that runs: a
 * retry with the key replays the first 202 (same approval id) rather than storing a second request.
 */
export function respondHeld(
  deps: { db: Database; gate: IdempotencyGate }, request: FastifyRequest, reply: FastifyReply, userId: number, held: HeldRequest, now: Date,
): Promise<FastifyReply> {
  return deps.gate.respond<PendingApproval>(request, reply, {
    userId,
    answer: (pending) => ({ status: 202, body: pending }),
    work: (ticket) => holdRequest(deps.db, held, ticket, now),
  });
}
