import type { LedgerChanges, LedgerLot, LedgerOrder, LedgerTrade } from './ledger-rows';
import { lowestSerialsFirst, oldestLotsFirst, selectLots, type LotPiece } from './lot-selection';

/**
 * The part of the ledger one trading batch touches (one project's lots of the users involved, their cash, the
 * loaded orders), changed in memory and written back as final row states. Every tonne stays in exactly one lot and
 * every cent in exactly one place: moves are splits, re-owning and cash deltas, never creation.
 */
export class TradingLedger {
  private readonly lots = new Map<number, LedgerLot>();
  private readonly activeByUser = new Map<number, Set<LedgerLot>>();
  private readonly escrowByOrder = new Map<number, Set<LedgerLot>>();
  private readonly orders = new Map<number, LedgerOrder>();
  private readonly cash = new Map<number, bigint>();
  private readonly cashDelta = new Map<number, bigint>();
  private readonly dirtyLots = new Set<LedgerLot>();
  private readonly dirtyOrders = new Set<LedgerOrder>();
  private readonly touchedUsers = new Set<number>();
  private readonly trades: LedgerTrade[] = [];
  private nextNewLotId = -1;

  constructor(
    state: { users: readonly { id: number; cashCents: bigint }[]; lots: readonly LedgerLot[]; orders: readonly LedgerOrder[] },
    private readonly nowMs: number,
  ) {
    for (const user of state.users) this.cash.set(user.id, user.cashCents);
    for (const lot of state.lots) {
      const copy = { ...lot };
      this.lots.set(copy.id, copy);
      this.index(copy);
    }
    for (const order of state.orders) this.orders.set(order.id, { ...order });
  }

  cashOf(userId: number): bigint {
    const cents = this.cash.get(userId);
    if (cents === undefined) throw new Error(`user ${userId} was not loaded`);
    return cents;
  }

  /** Adds (or with a negative delta takes) cash; a balance never goes below zero. */
  moveCash(userId: number, deltaCents: bigint): void {
    if (deltaCents === 0n) return;
    const after = this.cashOf(userId) + deltaCents;
    if (after < 0n) throw new Error(`cash of user ${userId} would become ${after}`);
    this.cash.set(userId, after);
    this.cashDelta.set(userId, (this.cashDelta.get(userId) ?? 0n) + deltaCents);
    this.touchedUsers.add(userId);
  }

  /** Tonnes of the project the user holds unlocked. */
  activeTonnes(userId: number): number {
    let tonnes = 0;
    for (const lot of this.activeByUser.get(userId) ?? []) tonnes += lot.quantity;
    return tonnes;
  }

  /** Tonnes locked by a sell order. */
  escrowedTonnes(orderId: number): number {
    let tonnes = 0;
    for (const lot of this.escrowByOrder.get(orderId) ?? []) tonnes += lot.quantity;
    return tonnes;
  }

  order(id: number): LedgerOrder | undefined {
    return this.orders.get(id);
  }

  addOrder(order: LedgerOrder): void {
    if (this.orders.has(order.id)) throw new Error(`order ${order.id} exists already`);
    this.orders.set(order.id, order);
    this.touchedUsers.add(order.userId);
  }

  /** Records that a loaded order changed, so that it is written back. */
  markOrder(order: LedgerOrder): void {
    if (!order.isNew) this.dirtyOrders.add(order);
    this.touchedUsers.add(order.userId);
  }

  /** Locks `quantity` of the seller's active tonnes for a sell order: oldest lots first, splitting the last one. */
  escrow(order: LedgerOrder, quantity: number): void {
    const pieces = selectLots([...(this.activeByUser.get(order.userId) ?? [])], quantity, oldestLotsFirst);
    for (const piece of pieces) {
      const lot = this.lots.get(piece.lotId)!;
      const target = piece.whole ? lot : this.splitOff(lot, piece, { origin: 'split', parentHoldingId: lot.id });
      this.update(target, () => { target.status = 'escrowed'; target.orderId = order.id; });
    }
  }

  /** Returns a sell order's escrowed tonnes to its owner's active lots (cancel, or an unfilled remainder). */
  release(orderId: number): void {
    for (const lot of [...(this.escrowByOrder.get(orderId) ?? [])]) {
      this.update(lot, () => { lot.status = 'active'; lot.orderId = null; });
    }
  }

  /**
   * Moves `quantity` escrowed tonnes of a sell order to the buyer, lowest serials first, at `priceCents`. A lot
   * taken whole changes hands as it is; a partly taken lot is split and the buyer gets a new lot whose parent is
   * the source. Either way the buyer's lot is active, origin 'trade', bought at the trade price, now.
   * Returns the ids of the buyer's lots.
   */
  deliver(sellOrderId: number, buyerId: number, quantity: number, priceCents: bigint): number[] {
    const pieces = selectLots([...(this.escrowByOrder.get(sellOrderId) ?? [])], quantity, lowestSerialsFirst);
    return pieces.map((piece) => {
      const source = this.lots.get(piece.lotId)!;
      const lot = piece.whole ? source : this.splitOff(source, piece, { origin: 'trade', parentHoldingId: source.id });
      this.update(lot, () => {
        lot.userId = buyerId;
        lot.status = 'active';
        lot.orderId = null;
        lot.origin = 'trade';
        lot.purchasePriceCents = priceCents;
        lot.purchaseDateMs = this.nowMs;
      });
      return lot.id;
    });
  }

  recordTrade(trade: Omit<LedgerTrade, 'key'>): LedgerTrade {
    const stored = { ...trade, key: this.trades.length };
    this.trades.push(stored);
    return stored;
  }

  changes(): LedgerChanges {
    const lots = [...this.lots.values()];
    const orders = [...this.orders.values()];
    return {
      newLots: lots.filter((lot) => lot.id < 0),
      updatedLots: [...this.dirtyLots],
      newOrders: orders.filter((order) => order.isNew),
      updatedOrders: [...this.dirtyOrders],
      cashDeltas: [...this.cashDelta].filter(([, delta]) => delta !== 0n).map(([userId, deltaCents]) => ({ userId, deltaCents })),
      trades: [...this.trades],
      touchedUserIds: [...this.touchedUsers].sort((a, b) => a - b),
    };
  }

  /** Splits the piece's `taken` serials off `lot` into a new lot of the same owner and state; `lot` keeps the rest. */
  private splitOff(lot: LedgerLot, piece: LotPiece, provenance: { origin: string; parentHoldingId: number }): LedgerLot {
    const part: LedgerLot = { ...lot, id: this.nextNewLotId--, quantity: piece.quantity, ...piece.taken, ...provenance };
    this.update(lot, () => {
      lot.quantity -= piece.quantity;
      lot.serialStart = piece.rest!.serialStart;
      lot.serialEnd = piece.rest!.serialEnd;
    });
    this.lots.set(part.id, part);
    this.index(part);
    return part;
  }

  /** Applies a change to a lot, keeping the indexes and the set of rows to write in step. */
  private update(lot: LedgerLot, change: () => void): void {
    this.unindex(lot);
    this.touchedUsers.add(lot.userId);
    change();
    this.touchedUsers.add(lot.userId);
    this.index(lot);
    if (lot.id > 0) this.dirtyLots.add(lot);
  }

  private index(lot: LedgerLot): void {
    const [map, key] = lot.status === 'active' ? [this.activeByUser, lot.userId] : [this.escrowByOrder, lot.orderId!];
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(lot);
  }

  private unindex(lot: LedgerLot): void {
    const [map, key] = lot.status === 'active' ? [this.activeByUser, lot.userId] : [this.escrowByOrder, lot.orderId!];
    map.get(key)?.delete(lot);
  }
}
