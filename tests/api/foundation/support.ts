import { count, eq, sql } from 'drizzle-orm';
import { holdings, projects, transactions, users } from '@/server/db/schema';
import type { AppDeps } from '@/server/app-deps';

/** The session cookie (`sid=…`) a response sets, without its attributes. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = [setCookie ?? []].flat().find((value) => value.startsWith('sid='));
  if (!header) throw new Error('no session cookie was set');
  return header.split(';')[0];
}

export interface LedgerSnapshot {
  buyerCashCents: bigint;
  /** availableCredits and nextSerial of every project, by id. */
  stock: Record<number, { availableCredits: number; nextSerial: number }>;
  users: number;
  holdings: number;
  transactions: number;
}

/** What a refused request must leave untouched: the buyer's cash, every project's stock and the row counts. */
export async function ledgerSnapshot(deps: AppDeps, buyerId: number): Promise<LedgerSnapshot> {
  const db = deps.db;
  const [buyer] = await db.select({ cashCents: users.cashCents }).from(users).where(eq(users.id, buyerId));
  const stock = await db.select({ id: projects.id, availableCredits: projects.availableCredits, nextSerial: projects.nextSerial }).from(projects);
  const [userCount] = await db.select({ n: count() }).from(users);
  const [holdingCount] = await db.select({ n: count() }).from(holdings);
  const [transactionCount] = await db.select({ n: count() }).from(transactions);
  return {
    buyerCashCents: buyer.cashCents,
    stock: Object.fromEntries(stock.map(({ id, ...rest }) => [id, rest])),
    users: Number(userCount.n),
    holdings: Number(holdingCount.n),
    transactions: Number(transactionCount.n),
  };
}

/** Per project: issued, unsold and the tonnes held in every state; they must satisfy issued = available + held. */
export async function issuanceByProject(deps: AppDeps) {
  const rows = await deps.db
    .select({
      projectId: projects.id,
      issued: projects.totalIssued,
      available: projects.availableCredits,
      held: sql<string>`coalesce(sum(${holdings.quantity}), 0)`,
    })
    .from(projects)
    .leftJoin(holdings, eq(holdings.projectId, projects.id))
    .groupBy(projects.id);
  return rows.map((row) => ({ ...row, held: Number(row.held) }));
}

/** Cash held by accounts, cash that left them through purchases (fees included), and demo money handed out. */
export async function cashTotals(deps: AppDeps) {
  const [accounts] = await deps.db
    .select({ cash: sql<string>`coalesce(sum(${users.cashCents}), 0)`, deposited: sql<string>`coalesce(sum(${users.depositedCents}), 0)` })
    .from(users);
  const [spent] = await deps.db
    .select({ total: sql<string>`coalesce(sum(${transactions.totalCents}), 0)`, fees: sql<string>`coalesce(sum(${transactions.feeCents}), 0)` })
    .from(transactions)
    .where(eq(transactions.type, 'purchase'));
  return {
    cashCents: BigInt(String(accounts.cash)),
    depositedCents: BigInt(String(accounts.deposited)),
    purchasesCents: BigInt(String(spent.total)),
    feesCents: BigInt(String(spent.fees)),
  };
}
