import { sql, type SQL } from 'drizzle-orm';
import { intArray } from '../../db/sql-values';
import { oldestActiveLots } from '../seller-lots';

const LOT_FIELDS = sql.raw(`h.id, h.user_id, h.quantity, h.serial_start, h.serial_end, h.purchase_price_cents::text as purchase_price_cents,
        h.purchase_date, h.status, h.order_id, h.origin, h.parent_holding_id`);

export interface StateQueryInput {
  projectId: number;
  /** Tonnes the batch's buy commands want, and the highest price they accept. */
  askTonnes: number;
  maxBidCents: bigint;
  /** Tonnes the batch's sell commands offer, and the lowest price they accept. */
  bidTonnes: number;
  minAskCents: bigint;
  cancelIds: number[];
  userIds: number[];
  sellers: { userId: number; tonnes: number }[];
  placeCount: number;
}

/**
 * The statement behind loadTradingState, with only the parts this batch needs (a smaller statement plans and runs
 * faster on the embedded database). Each side's resting orders are read in priority order up to the first one whose
 * preceding tonnes (orders being cancelled not counted) reach what the takers want: takers only get past an order by
 * filling everything ahead of it. Every order has at least 1 t left, so `tonnes + cancels` rows always suffice.
 * Row sets are handed on as `= any(array(…))`, computed once and looked up by index: the embedded database never
 * gathers table statistics, and without them a plain join here can be planned as a loop over every lot.
 */
export function tradingStateQuery(input: StateQueryInput): SQL {
  const { projectId, askTonnes, bidTonnes, cancelIds, userIds, sellers, placeCount } = input;
  const cancels = intArray(cancelIds);
  const ctes: SQL[] = [];
  const wanted: SQL[] = [];
  const side = (name: 'asks' | 'bids', orderType: 'sell' | 'buy', tonnes: number, priceBound: SQL, direction: SQL) => sql`${sql.raw(name)} as (
      select id from (
        select id, coalesce(sum(case when id = any(${cancels}) then 0 else remaining_quantity end)
          over (order by price_cents ${direction}, sequence rows between unbounded preceding and 1 preceding), 0) as before
        from (
          select id, remaining_quantity, price_cents, sequence from orders
          where project_id = ${projectId}::int and order_type = ${orderType} and status in ('open', 'partially_filled') and ${priceBound}
          order by price_cents ${direction}, sequence limit ${tonnes + cancelIds.length}::bigint
        ) candidates
      ) ranked where before < ${tonnes}::bigint)`;
  if (askTonnes > 0) {
    ctes.push(side('asks', 'sell', askTonnes, sql`price_cents <= ${input.maxBidCents}::bigint`, sql`asc`));
    wanted.push(sql`select id from asks`);
  }
  if (bidTonnes > 0) {
    ctes.push(side('bids', 'buy', bidTonnes, sql`price_cents >= ${input.minAskCents}::bigint`, sql`desc`));
    wanted.push(sql`select id from bids`);
  }
  if (cancelIds.length > 0) wanted.push(sql`select id from orders where project_id = ${projectId}::int and id = any(${cancels})`);
  const hasOrders = wanted.length > 0;
  if (hasOrders) {
    ctes.push(sql`loaded as (
      select o.id, o.user_id, o.order_type, o.price_cents::text as price_cents, o.quantity, o.filled_quantity,
        o.remaining_quantity, o.locked_cents::text as locked_cents, o.status, o.sequence::text as sequence, o.created_at
      from orders o where o.id = any(array(${sql.join(wanted, sql` union `)})))`);
  }
  // Locked in id order, so that two batches never wait on each other's users in a cycle. NO KEY UPDATE is what an
  // update of the cash column needs; unlike FOR UPDATE it lets others insert rows that reference the user meanwhile.
  ctes.push(sql`people as (
      select id, cash_cents::text as cash_cents from users
      where id = any(array(${hasOrders ? sql`select user_id from loaded union ` : sql``}select unnest(${intArray(userIds)})))
      order by id for no key update)`);
  const lotTables: string[] = [];
  if (sellers.length > 0) {
    ctes.push(sql`oldest_active as materialized (
      select id from (${oldestActiveLots(projectId, sellers)}) ranked where ranked.before < ranked.tonnes)`);
    // Locked by primary key alone: given the project or the status, the planner (no statistics) walks every active
    // lot of the project (or the seller-lots index) to find these few, which grew with every trade. OFFSET 0 keeps the
    // status check outside, where it still drops a lot retired meanwhile, since it reads the row as the lock left it.
    lotTables.push('active_lots');
    ctes.push(sql`active_lots as (
      select * from (select ${LOT_FIELDS} from holdings h where h.id = any(array(select id from oldest_active)) for no key update offset 0) locked
      where locked.status = 'active')`);
  }
  if (askTonnes > 0 || cancelIds.length > 0) {
    lotTables.push('escrowed_lots');
    // `project_id + 0`: found through the sellers' escrowed lots (holdings_user_idx), not every escrowed lot of the project.
    ctes.push(sql`escrowed_lots as (
      select ${LOT_FIELDS} from holdings h
      where h.user_id = any(array(select user_id from loaded where order_type = 'sell')) and h.status = 'escrowed'
        and h.order_id = any(array(select id from loaded where order_type = 'sell')) and h.project_id + 0 = ${projectId}::int
      for no key update)`);
  }
  if (placeCount > 0) {
    ctes.push(sql`new_ids as (
      select nextval('orders_id_seq')::int as id, nextval('orders_sequence_seq')::text as sequence
      from generate_series(1, ${placeCount}::int))`);
  }
  const list = (name: string, present: boolean) =>
    (present ? sql`(select coalesce(json_agg(${sql.raw(name)}), '[]'::json) from ${sql.raw(name)})` : sql`'[]'::json`);
  const lots = lotTables.length === 0 ? sql`'[]'::json`
    : sql`(select coalesce(json_agg(lot), '[]'::json) from (${sql.raw(lotTables.map((table) => `select * from ${table}`).join(' union all '))}) lot)`;
  return sql`
    with ${sql.join(ctes, sql`, `)}
    select
      (select json_build_object('id', id, 'name', name, 'priceCents', price_cents::text) from projects where id = ${projectId}::int) as project,
      ${list('loaded', hasOrders)} as orders,
      ${list('people', true)} as users,
      ${lots} as lots,
      ${list('new_ids', placeCount > 0)} as new_ids`;
}
