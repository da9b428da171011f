import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { withGenericPlan } from '@/server/db/generic-plan-reads';
import { preparedPerDatabase } from '@/server/db/prepared-per-database';
import { projectIntegrity } from '@/server/db/integrity-columns';
import { escapeLike } from '@/server/db/sql-values';
import { certificates, holdings, orders, projects } from '@/server/db/schema';
import type { IntegrityAttributes } from '@/shared/integrity';
import { formatCents } from '@/domain/money';
import { formatSerialRange, parseSerial } from '@/domain/serials';
import type { Credit, MyCreditsQuery, ProjectTonnes } from '@/shared/schemas/credit';
import type { Transaction } from '@/shared/schemas/transaction';
import type { UserStats } from '@/shared/schemas/stats';
import { activityRows, newestTransactions } from './activity-queries';

type HoldingRow = typeof holdings.$inferSelect;
/** What a credit shows of its lot. */
type CreditColumns = Pick<HoldingRow, 'id' | 'tokenId' | 'projectId' | 'quantity' | 'purchasePriceCents' | 'purchaseDate' | 'status' | 'retiredAt' | 'retiredReason' | 'certificateId' | 'serialStart' | 'serialEnd'>;

const creditColumns = {
  id: holdings.id, tokenId: holdings.tokenId, projectId: holdings.projectId, quantity: holdings.quantity,
  purchasePriceCents: holdings.purchasePriceCents, purchaseDate: holdings.purchaseDate, status: holdings.status,
  retiredAt: holdings.retiredAt, retiredReason: holdings.retiredReason, certificateId: holdings.certificateId,
  serialStart: holdings.serialStart, serialEnd: holdings.serialEnd,
} as const;

/** The project columns a credit carries: its name, serial prefix and integrity labels (not its description). */
const creditProjectColumns = {
  name: projects.name, serialPrefix: projects.serialPrefix, ccpLabel: projects.ccpLabel, corsia: projects.corsia,
  article6: projects.article6, correspondingAdjustment: projects.correspondingAdjustment, category: projects.category,
  bufferPoolPercent: projects.bufferPoolPercent, rating: projects.rating, ratingOnWatch: projects.ratingOnWatch,
  integrityDemoData: projects.integrityDemoData,
} as const;

export function toCredit(row: CreditColumns, projectName: string, serialPrefix: string, integrity: IntegrityAttributes | null): Credit {
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

/**
 * The user's holdings, newest first (the newest `limit` when given); pooled tonnes belong to the pool, not to a user,
 * so they never appear. Only the columns a credit shows are read: a trader's history runs to thousands of lots, and
 * reading the whole lot and project rows (the project's description on every lot) took this read nearly twice as long.
 */
export async function listCredits(db: Database, userId: number, { limit, offset, view, q }: MyCreditsQuery = {}): Promise<Credit[]> {
  // The dashboard's newest few and the Portfolio's pages, asked on every visit and page turn, from queries built once
  // per database.
  if (limit !== undefined && !q) return toCredits(await pageOfView[view ?? 'all'](db).execute({ userId, limit, offset: offset ?? 0 }));
  const query = selectCredits(db, lotsInView(userId, { view, q }), view).$dynamic();
  if (limit !== undefined) query.limit(limit);
  if (offset !== undefined) query.offset(offset);
  return toCredits(await query);
}

function selectCredits(db: Database, where: SQL | undefined, view: MyCreditsQuery['view']) {
  return db
    .select({ holding: creditColumns, project: creditProjectColumns, frozen: certificates.integrity })
    .from(holdings)
    .innerJoin(projects, eq(projects.id, holdings.projectId))
    .leftJoin(certificates, eq(certificates.id, holdings.certificateId))
    .where(where)
    .orderBy(...(view === 'retired' ? [desc(holdings.retiredAt), desc(holdings.id)] : [desc(holdings.purchaseDate), desc(holdings.id)]));
}

type CreditRow = Awaited<ReturnType<typeof selectCredits>>[number];

// A retired lot shows the labels its certificate froze; a live one carries its project's current labels.
const toCredits = (rows: readonly CreditRow[]): Credit[] =>
  rows.map(({ holding, project, frozen }) => toCredit(holding, project.name, project.serialPrefix, frozen ?? projectIntegrity(project)));

type LotsFilter = Pick<MyCreditsQuery, 'view' | 'q'>;
type View = NonNullable<MyCreditsQuery['view']>;

// Literals, not parameters: a generic plan can then prove the retired lots' partial index's condition.
const VIEW_STATUS = {
  held: sql`${holdings.status} <> 'retired'`,
  active: sql`${holdings.status} = 'active'`,
  retired: sql`${holdings.status} = 'retired'`,
} as const;

/** A view's lots without a search, the user's id a placeholder: what the prepared pages and counts below read. */
const inView = (view: View | 'all') => and(eq(holdings.userId, sql.placeholder('userId')), view === 'all' ? undefined : VIEW_STATUS[view]);

/** A page of a view's lots, the user, limit and offset placeholders: the Portfolio's pages and the dashboard's newest. */
export const creditsPageQuery = (db: Database, view: View | 'all') => selectCredits(db, inView(view), view === 'all' ? undefined : view)
  .limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
const preparedPage = (view: View | 'all') => preparedPerDatabase((db) => withGenericPlan(creditsPageQuery(db, view).prepare(`credits_page_${view}`)));
const preparedCount = (view: View | 'all') => preparedPerDatabase((db) => db.select({ lots: sql<number>`count(*)::int` }).from(holdings)
  .where(inView(view)).prepare(`credits_count_${view}`));
const pageOfView = { all: preparedPage('all'), held: preparedPage('held'), active: preparedPage('active'), retired: preparedPage('retired') };
const countOfView = { all: preparedCount('all'), held: preparedCount('held'), active: preparedCount('active'), retired: preparedCount('retired') };

/**
 * The user's lots in a view, matching a search: a serial number (`VCS-1094-2021-000123`) finds the lot that holds it,
 * and any text the lots whose project name contains it (case-insensitive). Reads `projects` when it searches.
 */
function lotsInView(userId: number, { view, q: search }: LotsFilter): SQL | undefined {
  // The query schema has trimmed `q`; an empty one searches nothing.
  let matching: SQL | undefined;
  if (search) {
    const serial = parseSerial(search);
    matching = or(
      ilike(projects.name, `%${escapeLike(search)}%`),
      serial ? and(sql`upper(${projects.serialPrefix}) = ${serial.prefix}`, lte(holdings.serialStart, serial.serial), gte(holdings.serialEnd, serial.serial)) : undefined,
    );
  }
  return and(eq(holdings.userId, userId), view === undefined ? undefined : VIEW_STATUS[view], matching);
}

/** How many lots a view of the user's list holds: what a paged screen shows as "50 of 1,204". */
export async function countCredits(db: Database, userId: number, filter: LotsFilter): Promise<number> {
  if (!filter.q) return (await countOfView[filter.view ?? 'all'](db).execute({ userId }))[0].lots;
  const [row] = await db.select({ lots: sql<number>`count(*)::int` }).from(holdings)
    .innerJoin(projects, eq(projects.id, holdings.projectId)).where(lotsInView(userId, filter));
  return row.lots;
}

/**
 * The user's active and escrowed tonnes of one project, summed in the database: what the trading screen and the pool
 * tab ask for on every change of the market they show, so it must not cost a read of every lot the user ever held.
 */
export async function projectTonnes(db: Database, userId: number, projectId: number): Promise<ProjectTonnes> {
  const [row] = await tonnesOf(db).execute({ userId, projectId });
  return { projectId, activeTonnes: Number(row.active), escrowedTonnes: Number(row.escrowed) };
}

/** The sums `projectTonnes` answers, the user and project placeholders. */
export const projectTonnesQuery = (db: Database) => db
  .select({
    active: sql<string>`coalesce(sum(${holdings.quantity}) filter (where ${holdings.status} = 'active'), 0)`,
    escrowed: sql<string>`coalesce(sum(${holdings.quantity}) filter (where ${holdings.status} = 'escrowed'), 0)`,
  })
  .from(holdings)
  .where(and(eq(holdings.userId, sql.placeholder('userId')), eq(holdings.projectId, sql.placeholder('projectId')), sql`${holdings.status} in ('active', 'escrowed')`));
const tonnesOf = preparedPerDatabase((db) => withGenericPlan(projectTonnesQuery(db).prepare('project_tonnes')));

/** Every transaction of the user, newest first (the newest `limit` when given): the activity page's query, unfiltered. */
export function listTransactions(db: Database, userId: number, limit?: number): Promise<Transaction[]> {
  return limit === undefined ? activityRows(db, userId, {}) : newestTransactions(db, userId, limit);
}

/**
 * The user's owned (active + escrowed: still theirs, some locked by orders) and retired tonnes, the owned ones valued
 * at each project's list price, and their live orders. The lots are summed by project and status from
 * holdings_user_totals_idx alone, and only those few sums meet the projects: a trader's history is thousands of lots.
 */
export function userTotalsQuery(db: Database, userId: number | Placeholder) {
  const sums = db
    .select({ projectId: holdings.projectId, status: holdings.status, tonnes: sql<string>`sum(${holdings.quantity})::bigint`.as('tonnes') })
    .from(holdings)
    .where(eq(holdings.userId, userId))
    .groupBy(holdings.projectId, holdings.status)
    .as('sums');
  const owned = sql`${sums.status} in ('active', 'escrowed')`;
  return db
    .select({
      owned: sql<string>`coalesce(sum(${sums.tonnes}) filter (where ${owned}), 0)`,
      retired: sql<string>`coalesce(sum(${sums.tonnes}) filter (where ${sums.status} = 'retired'), 0)`,
      valueCents: sql<string>`coalesce(sum(${sums.tonnes} * ${projects.priceCents}) filter (where ${owned}), 0)`,
      // From orders_user_live_idx: the user's live orders, not every order they ever placed.
      activeOrders: sql<string>`(select count(*) from ${orders} where ${and(eq(orders.userId, userId), inArray(orders.status, ['open', 'partially_filled']))})`,
    })
    .from(sums)
    .innerJoin(projects, eq(projects.id, sums.projectId));
}

/** The dashboard's figures are read on every screen a trader opens: their query is built once per database. */
const totalsOf = preparedPerDatabase((db) => userTotalsQuery(db, sql.placeholder('userId')).prepare('user_totals'));

export async function userStats(db: Database, userId: number, cashCents: bigint): Promise<UserStats> {
  const [totals] = await totalsOf(db).execute({ userId });
  return {
    ownedCredits: Number(totals.owned),
    retiredCredits: Number(totals.retired),
    portfolioValue: formatCents(BigInt(totals.valueCents)),
    activeOrders: Number(totals.activeOrders),
    cashBalance: formatCents(cashCents),
  };
}

/** The tonnes of one of the account's active holdings; 0 when it has none by that id (the retirement then says why). */
export async function holdingQuantity(db: Database, userId: number, holdingId: number): Promise<number> {
  const [row] = await db.select({ quantity: holdings.quantity }).from(holdings)
    .where(and(eq(holdings.id, holdingId), eq(holdings.userId, userId), eq(holdings.status, 'active'))).limit(1);
  return row?.quantity ?? 0;
}
