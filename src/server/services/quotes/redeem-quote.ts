import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-values';
import { ConflictError, NotFoundError } from '@/domain/errors';
import { formatCents } from '@/domain/money';

export interface QuotedPurchase {
  userId: number;
  quoteId: string;
  projectId: number;
  quantity: number;
  priceCents: bigint;
}

/**
 * Uses a quote inside the purchase's transaction: it must be the buyer's (another account's quote is a 404), unused,
 * unexpired at `now` and name what is being bought (409 otherwise). A quote buys once, so it cannot be replayed
 * into a second purchase at an old price; a retried request should carry an Idempotency-Key instead.
 */
export async function redeemQuoteIn(tx: Executor, purchase: QuotedPurchase, now: Date): Promise<void> {
  const [quote] = rowsOf<{ project_id: number; quantity: number; price_cents: string; expires_at: string | Date; used_at: unknown }>(await tx.execute(sql`
    select project_id, quantity, price_cents::text as price_cents, expires_at, used_at from quotes
    where id = ${purchase.quoteId} and user_id = ${purchase.userId} for update`));
  if (!quote) throw new NotFoundError(`Quote ${purchase.quoteId} not found`);
  if (quote.used_at) throw new ConflictError(`Quote ${purchase.quoteId} was already used: request a new quote`);
  const expiresAt = new Date(quote.expires_at);
  if (expiresAt.getTime() <= now.getTime()) throw new ConflictError(`Quote ${purchase.quoteId} expired at ${expiresAt.toISOString()}: request a new quote`);
  if (quote.project_id !== purchase.projectId || quote.quantity !== purchase.quantity || BigInt(quote.price_cents) !== purchase.priceCents) {
    throw new ConflictError(`The purchase does not match quote ${purchase.quoteId}: it is for ${quote.quantity} credits of project ${quote.project_id} at $${formatCents(BigInt(quote.price_cents))}`);
  }
  await tx.execute(sql`update quotes set used_at = ${now.toISOString()}::timestamptz where id = ${purchase.quoteId}`);
}
