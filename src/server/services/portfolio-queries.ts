import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { projectIntegrity } from '@/server/db/integrity-columns';
import { certificates, holdings, orders, projects } from '@/server/db/schema';
import type { IntegrityAttributes } from '@/shared/integrity';
import { formatCents } from '@/domain/money';
import { formatSerialRange } from '@/domain/serials';
import type { Credit } from '@/shared/schemas/credit';
import type { Transaction } from '@/shared/schemas/transaction';
import type { UserStats } from '@/shared/schemas/stats';
import { activityRows } from './activity-queries';

type HoldingRow = typeof holdings.$inferSelect;

export function toCredit(row: HoldingRow, projectName: string, serialPrefix: string, integrity: IntegrityAttributes | null): Credit {
  return {
    id: row.id,
    tokenId: row.tokenId ?? null,
    projectId: row.projectId,
    projectName,
    quantity: row.quantity,
    purchasePrice: formatCents(row.purchasePriceCents),
    purchaseDate: row.purchaseDate.toISOString(),
    status: row.status as Credit['status'],
    retiredAt: row.retiredAt?.toISOString() ?? null,
    retiredReason: row.retiredReason,
    certificateId: row.certificateId,
    serialStart: row.serialStart,
    serialEnd: row.serialEnd,
    serialRange: formatSerialRange(serialPrefix, row.serialStart, row.serialEnd),
    integrity,
  };
}

/** The user's holdings, newest first; pooled tonnes belong to the pool, not to a user, so they never appear. */
export async function listCredits(db: Database, userId: number): Promise<Credit[]> {
  const rows = await db
    .select({ holding: holdings, project: projects, frozen: certificates.integrity })
    .from(holdings)
    .innerJoin(projects, eq(projects.id, holdings.projectId))
    .leftJoin(certificates, eq(certificates.id, holdings.certificateId))
    .where(eq(holdings.userId, userId))
    .orderBy(desc(holdings.purchaseDate), desc(holdings.id));
  // A retired lot shows the labels its certificate froze; a live one carries its project's current labels.
  return rows.map(({ holding, project, frozen }) => toCredit(holding, project.name, project.serialPrefix, frozen ?? projectIntegrity(project)));
}

/** Every transaction of the user, newest first (the activity page's query without a filter). */
export function listTransactions(db: Database, userId: number): Promise<Transaction[]> {
  return activityRows(db, userId, {});
}

/** Owned = active + escrowed tonnes (still the user's, some locked by orders), valued at each project's list price. */
export async function userStats(db: Database, userId: number, cashCents: bigint): Promise<UserStats> {
  const [totals] = await db
    .select({
      owned: sql<string>`coalesce(sum(${holdings.quantity}) filter (where ${holdings.status} in ('active', 'escrowed')), 0)`,
      retired: sql<string>`coalesce(sum(${holdings.quantity}) filter (where ${holdings.status} = 'retired'), 0)`,
      valueCents: sql<string>`coalesce(sum(${holdings.quantity}::bigint * ${projects.priceCents}) filter (where ${holdings.status} in ('active', 'escrowed')), 0)`,
    })
    .from(holdings)
    .innerJoin(projects, eq(projects.id, holdings.projectId))
    .where(eq(holdings.userId, userId));
  const [active] = await db
    .select({ count: sql<string>`count(*)` })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['open', 'partially_filled'])));
  return {
    ownedCredits: Number(totals.owned),
    retiredCredits: Number(totals.retired),
    portfolioValue: formatCents(BigInt(totals.valueCents)),
    activeOrders: Number(active.count),
    cashBalance: formatCents(cashCents),
  };
}

/** The tonnes of one of the account's active holdings; 0 when it has none by that id (the retirement then says why). */
export async function holdingQuantity(db: Database, userId: number, holdingId: number): Promise<number> {
  const [row] = await db.select({ quantity: holdings.quantity }).from(holdings)
    .where(and(eq(holdings.id, holdingId), eq(holdings.userId, userId), eq(holdings.status, 'active'))).limit(1);
  return row?.quantity ?? 0;
}
