import type { LedgerChanges, LedgerLot, LedgerOrder, LedgerTrade } from './ledger-rows';
import { lowestSerialsFirst, oldestLotsFirst, selectLots, type LotPiece } from './lot-selection';

/**
 * The resting side of one project's ledger that outlives a batch (see BookCache): its live orders by id and the
 * escrowed lots of its sell orders. A batch changes these objects in place; the desk keeps them after a commit and
 * throws them away after a failure, so they always match what the database holds.
 */
export interface RestingState {
  /** Orders the batch can see by id: the cached live orders, and every order placed in the batch. */
  readonly orders: Map<number, LedgerOrder>;
  /** Escrowed lots of each sell order. */
  readonly escrowByOrder: Map<number, Set<LedgerLot>>;
  /** Orders read for the batch alone (cancels of orders the cache does not hold), looked up after `orders`. */
  readonly offBook: Map<number, LedgerOrder>;
  /** Untriggered stop orders: live (they hold a lock or escrow) but out of the book. */
  readonly pendingStops: Map<number, LedgerOrder>;
}

/**
 * The part of the ledger one trading batch touches: the resting orders and their escrow (shared with the book cache,
 * changed in place), the batch's users' cash and their active lots of the project, changed in memory and written back
 * as final row states. Every tonne stays in exactly one lot and every cent in exactly one place: moves are splits,
 * re-owning and cash deltas, never creation.
 *
 * Cash is known for the users whose commands the batch runs (their balances decide refusals); the owners of resting
 * orders only receive cash when their orders fill, so for them the ledger keeps the delta alone.
 */
export class TradingLedger {
  private readonly activeByUser = new Map<number, Set<LedgerLot>>();
  private readonly cash = new Map<number, bigint>();
  private readonly cashDelta = new Map<number, bigint>();
  private readonly created: LedgerLot[] = [];
  private readonly dirtyLots = new Set<LedgerLot>();
  private readonly dirtyOrders = new Set<LedgerOrder>();
  private readonly newOrders: LedgerOrder[] = [];
  private readonly touchedUsers = new Set<number>();
  private readonly trades: LedgerTrade[] = [];
  private nextNewLotId = -1;

  constructor(
    state: { users: readonly { id: number; cashCents: bigint }[]; lots: readonly LedgerLot[] },
    private readonly resting: RestingState,
    private readonly nowMs: number,
  ) {
    for (const user of state.users) this.cash.set(user.id, user.cashCents);
    // The lots themselves, not copies: like the resting state, they may belong to a cache that keeps them.
    for (const lot of state.lots) this.index(lot);
  }

  cashOf(userId: number): bigint {
    const cents = this.cash.get(userId);
    if (cents === undefined) throw new Error(`user ${userId} was not loaded`);
    return cents;
  }

  /**
   * Adds (or with a negative delta takes) cash; a balance never goes below zero. A user whose balance was not read
   * (the owner of a resting order) can only receive.
   */
  moveCash(userId: number, deltaCents: bigint): void {
    if (deltaCents === 0n) return;
    const balance = this.cash.get(userId);
    if (balance === undefined) {
      if (deltaCents < 0n) throw new Error(`user ${userId} was not loaded`);
    } else {
      const after = balance + deltaCents;
      if (after < 0n) throw new Error(`cash of user ${userId} would become ${after}`);
      this.cash.set(userId, after);
    }
    this.cashDelta.set(userId, (this.cashDelta.get(userId) ?? 0n) + deltaCents);
    this.touchedUsers.add(userId);
  }

  /** Tonnes of the project the user holds unlocked. */
  activeTonnes(userId: number): number {
    let tonnes = 0;
    for (const lot of this.activeByUser.get(userId) ?? []) tonnes += lot.quantity;
    return tonnes;
  }

  /** The user's active lots of the project as the batch sees them now. */
  activeLotsOf(userId: number): readonly LedgerLot[] {
    return [...(this.activeByUser.get(userId) ?? [])];
  }

  /** Tonnes locked by a sell order. */
  escrowedTonnes(orderId: number): number {
    let tonnes = 0;
    for (const lot of this.resting.escrowByOrder.get(orderId) ?? []) tonnes += lot.quantity;
    return tonnes;
  }

  order(id: number): LedgerOrder | undefined {
    return this.resting.orders.get(id) ?? this.resting.pendingStops.get(id) ?? this.resting.offBook.get(id);
  }

  /** Adds an order placed in the batch: to the pending stops when it is an untriggered stop. */
  addOrder(order: LedgerOrder): void {
    if (this.order(order.id)) throw new Error(`order ${order.id} exists already`);
    (order.pendingTrigger ? this.resting.pendingStops : this.resting.orders).set(order.id, order);
    this.newOrders.push(order);
    this.touchedUsers.add(order.userId);
  }

  /** Records that a stored order changed, so that it is written back. */
  markOrder(order: LedgerOrder): void {
    if (!order.isNew) this.dirtyOrders.add(order);
    this.touchedUsers.add(order.userId);
  }

  /** Locks `quantity` of the seller's active tonnes for a sell order: oldest lots first, splitting the last one. */
  escrow(order: LedgerOrder, quantity: number): void {
    const candidates = [...(this.activeByUser.get(order.userId) ?? [])];
    const byId = lotsById(candidates);
    for (const piece of selectLots(candidates, quantity, oldestLotsFirst)) {
      const lot = byId.get(piece.lotId)!;
      const target = piece.whole ? lot : this.splitOff(lot, piece, { origin: 'split', parentHoldingId: lot.id });
      this.update(target, () => { target.status = 'escrowed'; target.orderId = order.id; });
    }
  }

  /** Returns a sell order's escrowed tonnes to its owner's active lots (cancel, or an unfilled remainder). */
  release(orderId: number): void {
    for (const lot of [...(this.resting.escrowByOrder.get(orderId) ?? [])]) {
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
    const candidates = [...(this.resting.escrowByOrder.get(sellOrderId) ?? [])];
    const byId = lotsById(candidates);
    return selectLots(candidates, quantity, lowestSerialsFirst).map((piece) => {
      const source = byId.get(piece.lotId)!;
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

  /** Trades recorded so far: the key the next one gets. */
  get tradeCount(): number {
    return this.trades.length;
  }

  recordTrade(trade: Omit<LedgerTrade, 'key'>): LedgerTrade {
    const stored = { ...trade, key: this.trades.length };
    this.trades.push(stored);
    return stored;
  }

  changes(): LedgerChanges {
    return {
      newLots: [...this.created],
      updatedLots: [...this.dirtyLots],
      newOrders: [...this.newOrders],
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
    this.created.push(part);
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
    const [map, key] = lot.status === 'active' ? [this.activeByUser, lot.userId] : [this.resting.escrowByOrder, lot.orderId!];
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(lot);
  }

  private unindex(lot: LedgerLot): void {
    const [map, key] = lot.status === 'active' ? [this.activeByUser, lot.userId] : [this.resting.escrowByOrder, lot.orderId!];
    const set = map.get(key);
    set?.delete(lot);
    if (set?.size === 0) map.delete(key);
  }
}

const lotsById = (lots: readonly LedgerLot[]) => new Map(lots.map((lot) => [lot.id, lot]));
