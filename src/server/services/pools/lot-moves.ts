import { sql } from 'drizzle-orm';
import type { LotTake } from '../../../domain/trading/plan-lot-take';
import type { NamedStatement } from './sql-rows';

/**
 * Where taken tonnes go. Into a pool: they become `pooled` rows with the pool's id and no user. To a user: they
 * become the user's `active` rows, with `origin` saying how they left the pool ('swap' for a swap or a routed
 * market order, 'pool' for a liquidity withdrawal) and the price paid per tonne as their purchase price.
 */
export type LotDestination =
  | { to: 'pool'; poolId: number }
  | { to: 'user'; userId: number; origin: 'swap' | 'pool'; purchasePriceCents: bigint };

/**
 * The writes that carry out `takes` (see `planLotTake`), as statements for `combineStatements`. A lot taken
 * whole changes owner in place (same row, same serials). A lot taken in part keeps its upper serials and the
 * lower ones become a new row whose `parentHoldingId` is the lot, so provenance can be followed both ways.
 */
export function lotMoveStatements(prefix: string, takes: readonly LotTake[], destination: LotDestination, now: Date): NamedStatement[] {
  const at = now.toISOString();
  return takes.flatMap((take, index) => {
    const name = `${prefix}_${index}`;
    if (!take.rest) return [{ name, body: moveWhole(take.lot.id, destination, at) }];
    return [
      { name: `${name}_rest`, body: sql`update holdings set quantity = ${take.lot.quantity - take.quantity}, serial_start = ${take.rest.serialStart} where id = ${take.lot.id}` },
      { name, body: insertPart(take, destination, at) },
    ];
  });
}

function moveWhole(lotId: number, destination: LotDestination, at: string) {
  if (destination.to === 'pool') {
    return sql`update holdings set status = 'pooled', user_id = null, pool_id = ${destination.poolId}, order_id = null where id = ${lotId}`;
  }
  return sql`update holdings set status = 'active', user_id = ${destination.userId}, pool_id = null, order_id = null,
    origin = ${destination.origin}, purchase_price_cents = ${destination.purchasePriceCents}, purchase_date = ${at}::timestamptz
    where id = ${lotId}`;
}

// The new row is read from the lot's pre-statement snapshot, which is what a part should inherit.
function insertPart(take: LotTake, destination: LotDestination, at: string) {
  const { serialStart, serialEnd } = take.taken;
  if (destination.to === 'pool') {
    return sql`insert into holdings (user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, purchase_date, status, pool_id, origin, parent_holding_id, created_at)
      select null::int, project_id, ${take.quantity}::int, ${serialStart}::int, ${serialEnd}::int, purchase_price_cents, purchase_date, 'pooled', ${destination.poolId}::int, 'split', id, ${at}::timestamptz
      from holdings where id = ${take.lot.id}`;
  }
  return sql`insert into holdings (user_id, project_id, quantity, serial_start, serial_end, purchase_price_cents, purchase_date, status, origin, parent_holding_id, created_at)
    select ${destination.userId}::int, project_id, ${take.quantity}::int, ${serialStart}::int, ${serialEnd}::int, ${destination.purchasePriceCents}::bigint,
      ${at}::timestamptz, 'active', ${destination.origin}::text, id, ${at}::timestamptz
    from holdings where id = ${take.lot.id}`;
}
