import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { runTransaction } from '@/server/db/run-transaction';
import { rowsOf } from '@/server/db/sql-values';
import { InsufficientCreditsError, NotFoundError, RefusedError } from '@/domain/errors';
import { purchaseCost } from '@/domain/fees';
import { formatCents } from '@/domain/money';
import { tonnesWithinBudget } from '@/domain/purchases/tonnes-within-budget';
import { QUOTE_TTL_SECONDS, type Quote } from '@/shared/schemas/quote';
import { idempotentIn } from '@/server/services/idempotency/idempotent-writes';
import type { IdempotencyTicket } from '@/server/services/idempotency/idempotency-ticket';

export interface QuoteInput {
  userId: number;
  projectId: number;
  /** Exactly one of the two: whole tonnes, or a budget the total (fee included) must fit. */
  quantity?: number;
  budgetCents?: bigint;
}

/**
 * Holds the project's current price for QUOTE_TTL_SECONDS: a purchase naming the quote pays it even if the price
 * changes meanwhile. A quote does not reserve stock (the purchase still needs the credits to be there).
 */
export function createQuote(db: Database, input: QuoteInput, now: Date, ticket?: IdempotencyTicket<Quote>): Promise<Quote> {
  return runTransaction(db, (tx) => idempotentIn(tx, ticket, now, async () => {
    const [project] = rowsOf<{ price_cents: string; available_credits: number }>(await tx.execute(sql`
      select price_cents::text as price_cents, available_credits from projects where id = ${input.projectId}`));
    if (!project) throw new NotFoundError(`Project ${input.projectId} not found`);
    const priceCents = BigInt(project.price_cents);
    const tonnes = input.quantity !== undefined ? BigInt(input.quantity) : tonnesWithinBudget(priceCents, input.budgetCents ?? 0n);
    if (tonnes === 0n) {
      const oneTonne = purchaseCost(priceCents, 1n).totalCents;
      throw new RefusedError(`The budget does not cover one credit: one costs $${formatCents(oneTonne)} including the fee`, { priceCents });
    }
    if (tonnes > BigInt(project.available_credits)) {
      throw new InsufficientCreditsError(`Only ${project.available_credits} credits are available for this project`, {
        availableTonnes: project.available_credits, requestedTonnes: Number(tonnes),
      });
    }
    const id = `quo_${randomBytes(16).toString('base64url')}`;
    const expiresAt = new Date(now.getTime() + QUOTE_TTL_SECONDS * 1000);
    await tx.execute(sql`
      insert into quotes (id, user_id, project_id, quantity, price_cents, created_at, expires_at)
      values (${id}, ${input.userId}, ${input.projectId}, ${Number(tonnes)}, ${priceCents.toString()}::bigint,
        ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)`);
    const cost = purchaseCost(priceCents, tonnes);
    return {
      id, projectId: input.projectId, quantity: Number(tonnes), pricePerCredit: formatCents(priceCents),
      subtotal: formatCents(cost.subtotalCents), fee: formatCents(cost.feeCents), total: formatCents(cost.totalCents),
      expiresAt: expiresAt.toISOString(),
    };
  }));
}
