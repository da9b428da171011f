import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { holdings, projects, transactions, users } from '../db/schema';
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

/**
 * Buys unsold credits of a project: locks the project row, checks price, availability and cash, then
 * hands out the next contiguous serial range as a new active holding and records the transaction.
 * Runs inside the caller's transaction so that buy-and-retire can be one atomic step.
 */
export async function purchaseCreditsIn(tx: Transaction, input: PurchaseInput, now: Date): Promise<PurchaseResult> {
  const priceCents = parseCents(input.pricePerCredit);
  const [project] = await tx.select().from(projects).where(eq(projects.id, input.projectId)).for('update');
  if (!project) throw new NotFoundError(`Project ${input.projectId} not found`);
  if (project.priceCents !== priceCents) {
    throw new ConflictError(`The price changed: credits of this project now cost $${formatCents(project.priceCents)}`, {
      currentPriceCents: project.priceCents,
    });
  }
  if (project.availableCredits < input.quantity) {
    throw new InsufficientCreditsError(`Only ${project.availableCredits} credits are available for this project`, {
      availableTonnes: project.availableCredits,
      requestedTonnes: input.quantity,
    });
  }
  const cost = purchaseCost(priceCents, input.quantity);
  const [buyer] = await tx
    .update(users)
    .set({ cashCents: sql`${users.cashCents} - ${cost.totalCents}` })
    .where(and(eq(users.id, input.userId), gte(users.cashCents, cost.totalCents)))
    .returning({ cashCents: users.cashCents });
  if (!buyer) {
    const [account] = await tx.select({ cashCents: users.cashCents }).from(users).where(eq(users.id, input.userId));
    throw new InsufficientFundsError({ balanceCents: account?.cashCents ?? 0n, requiredCents: cost.totalCents });
  }
  const serialStart = project.nextSerial;
  await tx
    .update(projects)
    .set({ availableCredits: project.availableCredits - input.quantity, nextSerial: serialStart + input.quantity })
    .where(eq(projects.id, project.id));
  const [holding] = await tx
    .insert(holdings)
    .values({
      userId: input.userId,
      projectId: project.id,
      quantity: input.quantity,
      serialStart,
      serialEnd: serialStart + input.quantity - 1,
      purchasePriceCents: priceCents,
      purchaseDate: now,
      origin: 'purchase',
    })
    .returning();
  await tx.insert(transactions).values({
    userId: input.userId,
    type: 'purchase',
    projectId: project.id,
    holdingId: holding.id,
    quantity: input.quantity,
    totalCents: cost.totalCents,
    feeCents: cost.feeCents,
    createdAt: now,
  });
  return { holding, projectName: project.name, serialPrefix: project.serialPrefix, ...cost, cashCents: buyer.cashCents };
}

export function purchaseCredits(db: Database, input: PurchaseInput, now: Date): Promise<PurchaseResult> {
  return db.transaction((tx) => purchaseCreditsIn(tx, input, now));
}
