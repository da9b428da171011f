import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@/server/app-deps';
import type { Project } from '@/shared/schemas/project';
import { buyCredits } from '@tests/support/api-calls';
import { signUp } from '@tests/support/test-app';

export interface Trader {
  cookie: string;
  id: number;
}

/** A new account that bought `tonnes` of the project at its list price (0: cash only). */
export async function newTrader(app: FastifyInstance, project: Project, tonnes = 0, firstName = 'Trader'): Promise<Trader> {
  const { cookie, user } = await signUp(app, { firstName });
  if (tonnes > 0) await buyCredits(app, cookie, project, tonnes);
  return { cookie, id: user.id };
}

export function send(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

export function placeOrder(app: FastifyInstance, trader: Trader, body: Record<string, unknown>) {
  return send(app, 'POST', '/api/trading/orders', trader.cookie, body);
}

export function marketOrder(app: FastifyInstance, trader: Trader, body: Record<string, unknown>) {
  return send(app, 'POST', '/api/trading/market-order', trader.cookie, body);
}

export function cancelOrder(app: FastifyInstance, trader: Trader, orderId: number) {
  return send(app, 'PATCH', `/api/trading/orders/${orderId}/cancel`, trader.cookie);
}

/** Rows of a raw query, on either driver. */
export async function queryRows<T>(deps: AppDeps, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await deps.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Cash of a user in cents. */
export async function cashOf(deps: AppDeps, userId: number): Promise<bigint> {
  const [row] = await queryRows<{ cash: string }>(deps, sql`select cash_cents::text as cash from users where id = ${userId}`);
  return BigInt(row.cash);
}

/** Tonnes of a project a user holds, by holding status. */
export async function tonnesOf(deps: AppDeps, userId: number, projectId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; tonnes: number }>(deps, sql`
    select status, sum(quantity)::int as tonnes from holdings where user_id = ${userId} and project_id = ${projectId} group by status`);
  return Object.fromEntries(rows.map((row) => [row.status, row.tonnes]));
}

/** Everything a refused trading request must leave untouched, as one comparable value. */
export async function ledgerFingerprint(deps: AppDeps): Promise<string> {
  const part = async (query: ReturnType<typeof sql>) => JSON.stringify(await queryRows(deps, query));
  return [
    await part(sql`select id, cash_cents::text from users order by id`),
    await part(sql`select id, user_id, quantity, serial_start, serial_end, status, order_id, origin, parent_holding_id from holdings order by id`),
    await part(sql`select id, filled_quantity, remaining_quantity, locked_cents::text, status from orders order by id`),
    await part(sql`select (select count(*) from trades)::text as trades, (select count(*) from transactions)::text as history, (select count(*) from orders)::text as orders`),
  ].join('\n');
}
