import { sql } from 'drizzle-orm';
import type { LotTake } from '@/domain/trading/plan-lot-take';
import type { NamedStatement } from './sql-rows';
import { holdings } from '@/server/db/schema';
import { insertSelect, updateRows } from '@/server/db/set-writes';

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
  return takes.flatMap((take, index) => {
    const name = `${prefix}_${index}`;
    if (!take.rest) return [{ name, body: moveWhole(take.lot.id, destination, now) }];
    return [
      { name: `${name}_rest`, body: updateRows(holdings, [{ id: take.lot.id, quantity: take.lot.quantity - take.quantity, serialStart: take.rest.serialStart }]) },
      { name, body: insertPart(take, destination, now) },
    ];
  });
}

function moveWhole(lotId: number, destination: LotDestination, now: Date) {
  if (destination.to === 'pool') {
    return updateRows(holdings, [{ id: lotId, status: 'pooled', userId: null, poolId: destination.poolId, orderId: null }]);
  }
  return updateRows(holdings, [{
    id: lotId, status: 'active', userId: destination.userId, poolId: null, orderId: null, origin: destination.origin,
    purchasePriceCents: destination.purchasePriceCents, purchaseDate: now,
  }]);
}

// The new row is read from the lot's pre-statement snapshot, which is what a part should inherit.
function insertPart(take: LotTake, destination: LotDestination, now: Date) {
  const { serialStart, serialEnd } = take.taken;
  const part = {
    projectId: holdings.projectId, quantity: take.quantity, serialStart, serialEnd, parentHoldingId: holdings.id, createdAt: now,
  };
  const from = sql`holdings where id = ${take.lot.id}`;
  if (destination.to === 'pool') {
    return insertSelect(holdings, {
      ...part, userId: null, purchasePriceCents: holdings.purchasePriceCents, purchaseDate: holdings.purchaseDate, status: 'pooled',
      poolId: destination.poolId, origin: 'split',
    }, from);
  }
  return insertSelect(holdings, {
    ...part, userId: destination.userId, purchasePriceCents: destination.purchasePriceCents, purchaseDate: now, status: 'active',
    origin: destination.origin,
  }, from);
}
