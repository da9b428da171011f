import type { LedgerChanges, LedgerLot, LedgerOrder } from '../../../../src/domain/trading/ledger-rows';

/** A tiny stand-in for the database in the trading property tests: the rows a batch reads and writes. */
export interface Store {
  cash: Map<number, bigint>;
  lots: Map<number, LedgerLot>;
  orders: Map<number, LedgerOrder>;
  nextLotId: number;
  nextOrderId: number;
}

/** A store where each user holds `cashCents` and one active lot per entry of `lotTonnes`, older lots first. */
export function newStore(users: readonly number[], cashCents: bigint, lotTonnes: readonly number[], nowMs: number): Store {
  const store: Store = { cash: new Map(), lots: new Map(), orders: new Map(), nextLotId: 1, nextOrderId: 1 };
  let serial = 1;
  for (const userId of users) {
    store.cash.set(userId, cashCents);
    for (const quantity of lotTonnes) {
      const id = store.nextLotId++;
      store.lots.set(id, {
        id, userId, quantity, serialStart: serial, serialEnd: serial + quantity - 1, purchasePriceCents: 100n,
        purchaseDateMs: nowMs - (100 - id) * 1000, status: 'active', orderId: null, origin: 'purchase', parentHoldingId: null,
      });
      serial += quantity;
    }
  }
  return store;
}

/** Applies a batch's changes the way the write statement does; returns the stored ids of the lots it created. */
export function apply(store: Store, changes: LedgerChanges): Map<number, number> {
  const ids = new Map<number, number>();
  for (const lot of changes.newLots) ids.set(lot.id, store.nextLotId++);
  for (const lot of changes.newLots) {
    const parent = lot.parentHoldingId !== null && lot.parentHoldingId < 0 ? ids.get(lot.parentHoldingId)! : lot.parentHoldingId;
    store.lots.set(ids.get(lot.id)!, { ...lot, id: ids.get(lot.id)!, parentHoldingId: parent });
  }
  for (const lot of changes.updatedLots) store.lots.set(lot.id, { ...lot });
  for (const order of [...changes.newOrders, ...changes.updatedOrders]) store.orders.set(order.id, { ...order, isNew: false, isMarket: false });
  for (const { userId, deltaCents } of changes.cashDeltas) store.cash.set(userId, store.cash.get(userId)! + deltaCents);
  return ids;
}
