import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '@/server/db/client';

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query) as unknown as { rows: T[] }).rows;
}

/**
 * The ledger invariants of DESIGN.md, each one SQL query, asserted with a message that names the broken rule:
 * - credits: per project, total issued = unsold + Σ holdings of every status (active, escrowed, pooled, retired);
 * - serials: per project, holdings' serial ranges are disjoint;
 * - escrow: every escrowed holding belongs to a live sell order of its owner and project, and per live sell order
 *   Σ escrowed = remaining quantity;
 * - cash: Σ cash + Σ locked by live buy orders + Σ pool cash + Σ purchase payments = Σ demo deposits, and only
 *   live buy orders lock cash, exactly price × remaining;
 * - orders: filled + remaining = quantity and the status agrees with the quantities;
 * - book: per project the best bid is below the best ask (never crossed);
 * - trades: each book trade is paid once by its buyer and received once by its seller (trade_buy / trade_sell).
 * - references: every holding, order, trade and transaction names an account and a project that exist;
 * - pools: per pool Σ pooled holdings = credit reserve and Σ LP positions = total LP units; pooled holdings belong
 *   to a pool and to no user, every other holding to a user and no pool; an emptied pool is empty on every side;
 *   each pool trade (one side null) has exactly one swap history row of the same cash.
 */
export async function assertLedgerInvariants(db: Database): Promise<void> {
  const credits = await rows<{ project_id: number; issued: number; available: number; held: string }>(db, sql`
    select p.id as project_id, p.total_issued as issued, p.available_credits as available, coalesce(sum(h.quantity), 0)::text as held
    from projects p left join holdings h on h.project_id = p.id group by p.id order by p.id`);
  const creditBreaks = credits.filter((row) => row.issued !== row.available + Number(row.held));
  expect(creditBreaks, 'per project: issued = available + Σ holdings').toEqual([]);

  const overlaps = await rows<{ project_id: number; id: number }>(db, sql`
    select project_id, id from (
      select project_id, id, serial_start, max(serial_end) over (partition by project_id order by serial_start, id
        rows between unbounded preceding and 1 preceding) as previous_end
      from holdings) ranked
    where serial_start <= previous_end`);
  expect(overlaps, 'serial ranges per project are disjoint').toEqual([]);

  const strayEscrow = await rows<{ id: number }>(db, sql`
    select h.id from holdings h left join orders o on o.id = h.order_id
    where h.status = 'escrowed' and (o.id is null or o.order_type <> 'sell' or o.status not in ('open', 'partially_filled', 'pending_trigger')
      or o.user_id is distinct from h.user_id or o.project_id <> h.project_id)`);
  expect(strayEscrow, 'every escrowed holding belongs to a live sell order of its owner').toEqual([]);
  const strayOrderLinks = await rows<{ id: number }>(db, sql`select id from holdings where status <> 'escrowed' and order_id is not null`);
  expect(strayOrderLinks, 'only escrowed holdings point at an order').toEqual([]);

  const escrowBreaks = await rows<{ id: number; remaining: number; escrowed: string }>(db, sql`
    select o.id, o.remaining_quantity as remaining, coalesce(sum(h.quantity), 0)::text as escrowed
    from orders o left join holdings h on h.order_id = o.id and h.status = 'escrowed'
    where o.order_type = 'sell' and o.status in ('open', 'partially_filled', 'pending_trigger')
    group by o.id having coalesce(sum(h.quantity), 0) <> o.remaining_quantity`);
  expect(escrowBreaks, 'per live sell order: Σ escrowed = remaining').toEqual([]);

  const [cash] = await rows<{ imbalance: string }>(db, sql`
    select ((select coalesce(sum(cash_cents), 0) from users)
      + (select coalesce(sum(locked_cents), 0) from orders where status in ('open', 'partially_filled', 'pending_trigger') and order_type = 'buy')
      + (select coalesce(sum(cash_reserve_cents), 0) from pools)
      + (select coalesce(sum(total_cents), 0) from transactions where type = 'purchase')
      - (select coalesce(sum(deposited_cents), 0) from users))::text as imbalance`);
  expect(BigInt(cash.imbalance), 'Σ cash + Σ locked + Σ pool cash + Σ purchases − Σ deposits').toBe(0n);

  const lockBreaks = await rows<{ id: number }>(db, sql`
    select id from orders
    where locked_cents <> case when order_type = 'buy' and status in ('open', 'partially_filled', 'pending_trigger') then price_cents * remaining_quantity else 0 end`);
  expect(lockBreaks, 'live buy orders (untriggered stops too) lock price × remaining, every other order 0').toEqual([]);

  const orderBreaks = await rows<{ id: number }>(db, sql`
    select id from orders
    where filled_quantity + remaining_quantity <> quantity or filled_quantity < 0 or remaining_quantity < 0
      or (status = 'filled') <> (remaining_quantity = 0)
      or (status in ('open', 'pending_trigger') and filled_quantity <> 0)
      or ((status = 'pending_trigger') <> (stop_price_cents is not null and triggered_at is null and status not in ('filled', 'cancelled')))
      or (status = 'partially_filled' and filled_quantity = 0)
      or status not in ('open', 'partially_filled', 'filled', 'cancelled', 'pending_trigger')`);
  expect(orderBreaks, 'filled + remaining = quantity and status agrees').toEqual([]);

  const crossed = await rows<{ project_id: number }>(db, sql`
    select project_id from orders where status in ('open', 'partially_filled') group by project_id
    having max(price_cents) filter (where order_type = 'buy') >= min(price_cents) filter (where order_type = 'sell')`);
  expect(crossed, 'no project has a crossed book').toEqual([]);

  const reachedStops = await rows<{ id: number }>(db, sql`
    select o.id from orders o cross join lateral (
      select price_cents from trades t where t.project_id = o.project_id and t.venue = 'book' order by created_at desc, id desc limit 1) last
    where o.status = 'pending_trigger'
      and case when o.order_type = 'buy' then last.price_cents >= o.stop_price_cents else last.price_cents <= o.stop_price_cents end`);
  expect(reachedStops, 'no untriggered stop is reached by its project\'s last book trade price').toEqual([]);

  const [payments] = await rows<{ traded: string; paid: string; received: string; trades: string; legs: string }>(db, sql`
    select
      (select coalesce(sum(total_cents), 0) from trades where venue = 'book')::text as traded,
      (select coalesce(sum(total_cents), 0) from transactions where type = 'trade_buy')::text as paid,
      (select coalesce(sum(total_cents), 0) from transactions where type = 'trade_sell')::text as received,
      (select count(*) from trades where venue = 'book')::text as trades,
      (select count(*) from transactions where type in ('trade_buy', 'trade_sell'))::text as legs`);
  expect({ paid: payments.paid, received: payments.received, legs: Number(payments.legs) }, 'each book trade has one buy and one sell leg')
    .toEqual({ paid: payments.traded, received: payments.traded, legs: 2 * Number(payments.trades) });

  await assertPoolInvariants(db);
}

/** The pool part of the invariants (issue 5); `assertLedgerInvariants` runs it. */
async function assertPoolInvariants(db: Database): Promise<void> {
  const poolBreaks = await rows<{ id: number }>(db, sql`
    select p.id from pools p
    where p.credit_reserve <> (select coalesce(sum(quantity), 0) from holdings h where h.pool_id = p.id and h.status = 'pooled')
      or p.total_lp_units <> (select coalesce(sum(lp_units), 0) from lp_positions l where l.pool_id = p.id)
      or p.credit_reserve < 0 or p.cash_reserve_cents < 0 or p.total_lp_units < 0
      or (p.total_lp_units = 0) <> (p.credit_reserve = 0 and p.cash_reserve_cents = 0)`);
  expect(poolBreaks, 'per pool: Σ pooled = credit reserve, Σ LP positions = total LP units, empty only all at once').toEqual([]);

  const misfiled = await rows<{ id: number }>(db, sql`
    select id from holdings
    where (status = 'pooled') <> (pool_id is not null) or (status = 'pooled') = (user_id is not null)`);
  expect(misfiled, 'pooled holdings have a pool and no user; all others a user and no pool').toEqual([]);

  const [swaps] = await rows<{ traded: string; recorded: string; trades: string; rows: string; one_sided: string }>(db, sql`
    select
      (select coalesce(sum(total_cents), 0) from trades where venue = 'pool')::text as traded,
      (select coalesce(sum(total_cents), 0) from transactions where type in ('swap_buy', 'swap_sell'))::text as recorded,
      (select count(*) from trades where venue = 'pool')::text as trades,
      (select count(*) from transactions where type in ('swap_buy', 'swap_sell'))::text as rows,
      (select count(*) from trades where venue = 'pool' and (buyer_id is null) = (seller_id is null))::text as one_sided`);
  expect({ recorded: swaps.recorded, rows: swaps.rows, twoSided: Number(swaps.one_sided) }, 'each pool trade has one swap row and one null side')
    .toEqual({ recorded: swaps.traded, rows: swaps.trades, twoSided: 0 });

  // The ledger's hot tables carry no foreign keys (see the note above holdings in the schema): every row must still
  // name an account and a project that exist.
  const orphans = await rows<{ source: string; id: number }>(db, sql`
    select 'holding' as source, id from holdings h
      where (h.user_id is not null and not exists (select 1 from users u where u.id = h.user_id))
        or not exists (select 1 from projects p where p.id = h.project_id)
    union all select 'order', id from orders o
      where not exists (select 1 from users u where u.id = o.user_id) or not exists (select 1 from projects p where p.id = o.project_id)
    union all select 'trade', id from trades t
      where not exists (select 1 from projects p where p.id = t.project_id)
        or (t.buyer_id is not null and not exists (select 1 from users u where u.id = t.buyer_id))
        or (t.seller_id is not null and not exists (select 1 from users u where u.id = t.seller_id))
    union all select 'transaction', id from transactions x
      where not exists (select 1 from users u where u.id = x.user_id)
        or (x.project_id is not null and not exists (select 1 from projects p where p.id = x.project_id))`);
  expect(orphans, 'every holding, order, trade and transaction names an existing account and project').toEqual([]);
}
