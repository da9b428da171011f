import { sql } from 'drizzle-orm';
import type { AppDeps } from '@/server/app-deps';

/**
 * Everything a refused pool request must leave untouched, as one comparable value: every account's cash, every
 * holding row, every pool and LP position, and the counts of trades and history rows.
 */
export async function ledgerFingerprint(deps: AppDeps): Promise<string> {
  const part = async (query: ReturnType<typeof sql>) => JSON.stringify(((await deps.db.execute(query)) as unknown as { rows: unknown[] }).rows);
  return [
    await part(sql`select id, cash_cents::text from users order by id`),
    await part(sql`select id, user_id, quantity, serial_start, serial_end, status, pool_id, origin, parent_holding_id from holdings order by id`),
    await part(sql`select id, credit_reserve::text, cash_reserve_cents::text, total_lp_units::text from pools order by id`),
    await part(sql`select pool_id, user_id, lp_units::text from lp_positions order by pool_id, user_id`),
    await part(sql`select (select count(*) from trades)::text as trades, (select count(*) from transactions)::text as history`),
    await part(sql`select id, available_credits, next_serial from projects order by id`),
  ].join('\n');
}
