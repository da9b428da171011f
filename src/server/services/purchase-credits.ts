import { sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../db/client';
import type { holdings } from '../db/schema';
import { purchaseCost } from '../../domain/fees';
import { formatCents, parseCents } from '../../domain/money';
import { ConflictError, InsufficientCreditsError, InsufficientFundsError, NotFoundError } from '../../domain/errors';

export interface PurchaseInput {
  userId: number;
  projectId: number;
  quantity: number;
  /** The price the buyer saw; a purchase at a price that has since changed is refused. */
  pricePerCredit: string | number;
}

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

interface PurchaseRow {
  project_found: boolean;
  project_name: string | null;
  serial_prefix: string | null;
  price_cents: string | null;
  available: number | null;
  cash_before: string | null;
  cash_after: string | null;
  holding_id: number | null;
  serial_start: number | null;
}

/**
 * Buys unsold credits of a project as ONE statement: lock the project and the buyer, check price, availability
 * and cash, then (only when every check holds) take the next contiguous serial range as a new active holding,
 * debit the buyer and record the transaction. One round trip instead of seven is what lets the embedded
 * database (which runs every call on the main thread) serve hundreds of purchases a second. When a check fails
 * nothing is written and the returned facts say which one.
 * Runs on the caller's executor, so buy-and-retire can wrap it in a transaction with the retirement.
 */
export async function purchaseCreditsIn(executor: Executor, input: PurchaseInput, now: Date): Promise<PurchaseResult> {
  const priceCents = parseCents(input.pricePerCredit);
  const cost = purchaseCost(priceCents, input.quantity);
  const quantity = input.quantity;
  const result = await executor.execute(sql`
    with project as (
      select id, name, serial_prefix, price_cents, available_credits, next_serial
      from projects where id = ${input.projectId} for update
    ), buyer as (
      select id, cash_cents from users where id = ${input.userId} for update
    ), allowed as (
      select project.id, project.next_serial from project, buyer
      where project.price_cents = ${priceCents} and project.available_credits >= ${quantity} and buyer.cash_cents >= ${cost.totalCents}
    ), sold as (
      update projects set available_credits = projects.available_credits - ${quantity}, next_serial = projects.next_serial + ${quantity}
      from allowed where projects.id = allowed.id
      returning allowed.next_serial as serial_start
    ), debited as (
      update users set cash_cents = users.cash_cents - ${cost.totalCents}
      from allowed where users.id = ${input.userId}
      returning users.cash_cents
    ), holding as (
      insert into holdings (user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, purchase_date, status, origin, created_at)
      select ${input.userId}, ${input.projectId}, ${quantity}, serial_start, serial_start + ${quantity} - 1, ${priceCents}, ${now.toISOString()}::timestamptz, 'active', 'purchase', ${now.toISOString()}::timestamptz
      from sold
      returning id, serial_start
    ), recorded as (
      insert into transactions (user_id, type, project_id, holding_id, quantity, total_cents, fee_cents, created_at)
      select ${input.userId}, 'purchase', ${input.projectId}, holding.id, ${quantity}, ${cost.totalCents}, ${cost.feeCents}, ${now.toISOString()}::timestamptz
      from holding
      returning id
    )
    select
      exists (select 1 from project) as project_found,
      (select name from project) as project_name,
      (select serial_prefix from project) as serial_prefix,
      (select price_cents from project)::text as price_cents,
      (select available_credits from project) as available,
      (select cash_cents from buyer)::text as cash_before,
      (select cash_cents from debited)::text as cash_after,
      (select id from holding) as holding_id,
      (select serial_start from holding) as serial_start,
      (select count(*) from recorded) as recorded`);
  const row = (result as unknown as { rows: PurchaseRow[] }).rows[0];
  if (row.holding_id === null || row.serial_start === null) throw refusal(row, input, priceCents, cost.totalCents);
  const holding: HoldingRow = {
    id: row.holding_id,
    userId: input.userId,
    projectId: input.projectId,
    quantity,
    serialStart: row.serial_start,
    serialEnd: row.serial_start + quantity - 1,
    purchasePriceCents: priceCents,
    purchaseDate: now,
    status: 'active',
    orderId: null,
    poolId: null,
    origin: 'purchase',
    parentHoldingId: null,
    tokenId: null,
    retiredAt: null,
    retiredReason: null,
    certificateId: null,
    anchorError: null,
    createdAt: now,
  };
  return { holding, projectName: row.project_name!, serialPrefix: row.serial_prefix!, ...cost, cashCents: BigInt(row.cash_after!) };
}

/** Says which check refused the purchase, in the order a buyer would want to hear them. */
function refusal(row: PurchaseRow, input: PurchaseInput, priceCents: bigint, totalCents: bigint): Error {
  if (!row.project_found) return new NotFoundError(`Project ${input.projectId} not found`);
  const currentPriceCents = BigInt(row.price_cents!);
  if (currentPriceCents !== priceCents) {
    return new ConflictError(`The price changed: credits of this project now cost $${formatCents(currentPriceCents)}`, { currentPriceCents });
  }
  if (row.available! < input.quantity) {
    return new InsufficientCreditsError(`Only ${row.available} credits are available for this project`, {
      availableTonnes: row.available!,
      requestedTonnes: input.quantity,
    });
  }
  return new InsufficientFundsError({ balanceCents: BigInt(row.cash_before ?? '0'), requiredCents: totalCents });
}

export function purchaseCredits(db: Database, input: PurchaseInput, now: Date): Promise<PurchaseResult> {
  return purchaseCreditsIn(db, input, now);
}

export type { Transaction };
