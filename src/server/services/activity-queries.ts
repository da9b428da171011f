import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { withGenericPlan } from '@/server/db/generic-plan-reads';
import { preparedPerDatabase } from '@/server/db/prepared-per-database';
import { projects, transactions } from '@/server/db/schema';
import { formatCents } from '@/domain/money';
import { ACTIVITY_TYPE_TRANSACTIONS, type ActivityFilter, type ActivityPage, type ActivityQuery } from '@/shared/schemas/activity';
import type { Transaction } from '@/shared/schemas/transaction';

const DAY_MS = 86_400_000;

/** What the filter keeps of a user's transactions: its type(s), project, and UTC days `from` … `to` inclusive. */
function filterConditions(filter: ActivityFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(inArray(transactions.type, [...ACTIVITY_TYPE_TRANSACTIONS[filter.type]]));
  if (filter.projectId !== undefined) conditions.push(eq(transactions.projectId, filter.projectId));
  if (filter.from) conditions.push(gte(transactions.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to) conditions.push(lt(transactions.createdAt, new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + DAY_MS)));
  return conditions;
}

const activityWhere = (userId: number, filters: readonly SQL[]): SQL => and(eq(transactions.userId, userId), ...filters)!;

function selectActivity(db: Database, where: SQL) {
  return db
    .select({ row: transactions, projectName: projects.name })
    .from(transactions)
    .leftJoin(projects, eq(projects.id, transactions.projectId))
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

const ofUser = eq(transactions.userId, sql.placeholder('userId'));

/** A page of the user's transactions unfiltered, the user, limit and offset placeholders. */
export const transactionsPageQuery = (db: Database) => selectActivity(db, ofUser).limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));

// The dashboard's newest transactions and the Activity screen's unfiltered pages, asked on every visit and page
// turn: built once per database, not per request.
const pageRead = preparedPerDatabase((db) => withGenericPlan(transactionsPageQuery(db).prepare('transactions_page')));
const countRead = preparedPerDatabase((db) => db.select({ total: count() }).from(transactions).where(ofUser).prepare('transactions_count'));

/** The user's newest `limit` transactions, newest first. */
export async function newestTransactions(db: Database, userId: number, limit: number): Promise<Transaction[]> {
  return (await pageRead(db).execute({ userId, limit, offset: 0 })).map(toTransaction);
}

type ActivityRow = { row: typeof transactions.$inferSelect; projectName: string | null };

const toTransaction = ({ row, projectName }: ActivityRow): Transaction => ({
  id: row.id,
  type: row.type as Transaction['type'],
  projectId: row.projectId,
  projectName,
  quantity: row.quantity,
  totalAmount: formatCents(row.totalCents),
  feeAmount: formatCents(row.feeCents),
  certificateId: row.certificateId,
  createdAt: row.createdAt.toISOString(),
});

/** One page of GET /api/activity, newest first, with the number of matching transactions. */
export async function activityPage(db: Database, userId: number, query: ActivityQuery): Promise<ActivityPage> {
  const [total, rows] = await matchingPage(db, userId, filterConditions(query), query.pageSize, (query.page - 1) * query.pageSize);
  return {
    items: rows.map(toTransaction),
    page: query.page,
    pageSize: query.pageSize,
    total,
    pageCount: Math.ceil(total / query.pageSize),
  };
}

/** How many of the user's transactions match, and a page of them; unfiltered, from the queries prepared above. */
async function matchingPage(db: Database, userId: number, filters: readonly SQL[], limit: number, offset: number): Promise<[number, ActivityRow[]]> {
  if (filters.length === 0) {
    const [[{ total }], rows] = await Promise.all([countRead(db).execute({ userId }), pageRead(db).execute({ userId, limit, offset })]);
    return [total, rows];
  }
  const where = activityWhere(userId, filters);
  const [{ total }] = await db.select({ total: count() }).from(transactions).where(where);
  return [total, await selectActivity(db, where).limit(limit).offset(offset)];
}

/** Every matching transaction, newest first (at most `maxRows` when given: the CSV download's bound). */
export async function activityRows(db: Database, userId: number, filter: ActivityFilter, maxRows?: number): Promise<Transaction[]> {
  const query = selectActivity(db, activityWhere(userId, filterConditions(filter)));
  return (await (maxRows === undefined ? query : query.limit(maxRows))).map(toTransaction);
}
