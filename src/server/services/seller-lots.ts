import { sql, type SQL } from 'drizzle-orm';
import { intArray } from '@/server/db/sql-values';

/**
 * Each seller's oldest active lots of a project, as rows (id, tonnes, before): `tonnes` is what the seller sells and
 * `before` the seller's tonnes in older lots; the lots needed are those with before < tonnes. Every lot holds at
 * least 1 t, so a seller's `tonnes` oldest lots always cover the cut, and holdings_seller_lots_idx hands them over in
 * that order: the cost stays flat however many 1 t pieces trading has split a seller into.
 */
export function oldestActiveLots(projectId: number, sellers: readonly { userId: number; tonnes: number }[]): SQL {
  // Bigint: a batch may sell more than 2^31 tonnes in total (each request is at most 10^9).
  const tonnes = sql`${`{${sellers.map((seller) => seller.tonnes).join(',')}}`}::bigint[]`;
  return sql`
    select oldest.id, oldest.tonnes, coalesce(sum(oldest.quantity) over (partition by oldest.user_id
      order by oldest.purchase_date, oldest.id rows between unbounded preceding and 1 preceding), 0) as before
    from unnest(${intArray(sellers.map((seller) => seller.userId))}, ${tonnes}) as seller(user_id, tonnes)
    cross join lateral (
      select h.id, h.user_id, h.quantity, h.purchase_date, seller.tonnes from holdings h
      where h.user_id = seller.user_id and h.status = 'active' and h.project_id = ${projectId}::int
      order by h.purchase_date, h.id limit seller.tonnes
    ) oldest`;
}
