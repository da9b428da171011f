import { OrderBook } from '@/domain/orderbook/order-book';
import { MAX_BOOK_PRICE_CENTS } from '@/domain/orderbook/order-input';
import { StopBook } from '@/domain/orderbook/stop-book';
import { isLiveStatus, type OrderSide } from '@/domain/orderbook/order-status';
import type { LedgerChanges, LedgerLot, LedgerOrder } from './ledger-rows';
import type { TradingCommand } from './trading-command';
import type { RestingState } from './trading-ledger';

/** The last order of a side that the cache has read: the side's orders after it (in priority order) are in the database alone. */
export interface BookCursor {
  priceCents: bigint;
  sequence: number;
}

/** Live orders of one side to read, in priority order after `after` (from the best when null), at most `limit`. */
export interface SideRead {
  side: OrderSide;
  after: BookCursor | null;
  limit: number;
}

/** What a batch needs read before it can run on the cache: more of a side, and orders to cancel the cache does not hold. */
export interface BookRead {
  sides: SideRead[];
  orderIds: number[];
  /** The batch's time: side reads leave out GTD orders due by then (they never fill; the sweep cancels them). */
  nowMs?: number;
  /** Read the project's untriggered stops (all of them, with their escrow) and its last book trade price. */
  stops?: boolean;
}

/** The answer to a BookRead: each side's orders in priority order, the orders read by id, and the escrowed lots of all of them. */
export interface BookRows {
  sides: { side: OrderSide; orders: LedgerOrder[] }[];
  byId: LedgerOrder[];
  lots: LedgerLot[];
  /** When the read asked for them: every untriggered stop of the project, by sequence, and the last book trade price. */
  stops?: { orders: LedgerOrder[]; lastPriceCents: bigint | null };
}

export interface BookCacheLimits {
  /** Extra orders read whenever a side runs short, so that a busy book is read in few, larger steps. */
  readChunk: number;
  /** Cached live orders per side beyond which the worst are dropped (they stay in the database). */
  maxPerSide: number;
}

export const DEFAULT_BOOK_CACHE_LIMITS: BookCacheLimits = { readChunk: 256, maxPerSide: 4096 };

/** Batches after a reset by another writer that read only what they reach (see BookCache.reset). */
const LEAN_READS_AFTER_A_FOREIGN_WRITE = 16;

interface SideState {
  /** Every live order of the side is cached. */
  complete: boolean;
  cursor: BookCursor | null;
}

/**
 * The top of one project's order book, kept in memory between batches by the trading desk so that a batch reads
 * neither the book nor the escrow from the database: on each side, the live orders from the best up to a cursor,
 * with their escrowed lots. Every live order that ranks before a side's cursor is cached; the ones after it are read
 * in chunks when a batch could reach them. The cache is only right while nobody else changes the book: the desk
 * checks the book's version (bumped under the project lock by every writer of orders) before each batch and starts
 * again from nothing when it moved, or when a batch failed after changing the cache.
 */
export class BookCache implements RestingState {
  readonly orders = new Map<number, LedgerOrder>();
  readonly escrowByOrder = new Map<number, Set<LedgerLot>>();
  readonly offBook = new Map<number, LedgerOrder>();
  /** Every untriggered stop of the project (issue 31), by id: out of the book, in `stops` by trigger price. */
  readonly pendingStops = new Map<number, LedgerOrder>();
  stops = new StopBook();
  /** The project's last book trade price; null before its first trade. Valid once `stopsLoaded`. */
  lastPriceCents: bigint | null = null;
  stopsLoaded = false;
  book = new OrderBook();
  /** The book's version after the last batch this cache saw committed; null when the cache holds nothing yet. */
  version: number | null = null;
  private readonly sides: Record<OrderSide, SideState> = { buy: emptySide(), sell: emptySide() };
  /** Batches left that read no chunk ahead (see reset). */
  private leanReads = 0;

  constructor(private readonly limits: BookCacheLimits = DEFAULT_BOOK_CACHE_LIMITS) {}

  /**
   * Forgets everything: the next batch reads the book again. `byAnotherWriter`: the book moved under someone else
   * (another instance trading the same project, a routed market order); while that keeps happening the cache would be
   * thrown away after every batch, so the next few reads take only what their batch reaches, no chunk ahead.
   */
  reset(byAnotherWriter = false): void {
    if (byAnotherWriter) this.leanReads = LEAN_READS_AFTER_A_FOREIGN_WRITE;
    this.orders.clear();
    this.escrowByOrder.clear();
    this.offBook.clear();
    this.pendingStops.clear();
    this.stops = new StopBook();
    this.lastPriceCents = null;
    this.stopsLoaded = false;
    this.book = new OrderBook();
    this.version = null;
    this.sides.buy = emptySide();
    this.sides.sell = emptySide();
  }

  /** Marks both sides as wholly cached (a caller that loads every live order at once). */
  markComplete(): void {
    this.sides.buy = { complete: true, cursor: null };
    this.sides.sell = { complete: true, cursor: null };
    this.stopsLoaded = true;
  }

  /**
   * What must be read before `commands` can run: on each side, enough orders after the cursor to cover every tonne
   * the takers could reach (every order has at least 1 t left, so `tonnes + cancels` orders always do), and the
   * orders to cancel that are not cached. Takers only get past an order by filling all of it, so a side whose cached
   * orders within the takers' price bound hold their tonnes needs nothing more.
   */
  readFor(commands: readonly TradingCommand[], nowMs?: number): BookRead {
    const cancelIds = commands.flatMap((command) => (command.kind === 'cancel' ? [command.orderId] : []));
    const amendIds = commands.flatMap((command) => (command.kind === 'amend' ? [command.orderId] : []));
    // An amended order may leave its place (or its price) before a later command of the batch: like a cancelled one, it does not cover.
    const cancelling = new Set([...cancelIds, ...amendIds]);
    const sides: SideRead[] = [];
    // Any waiting stop may trigger in the batch and then take like an order of its own: the read covers what they reach too.
    for (const need of reachOf([...commands, ...[...this.pendingStops.values()].map(stopAsCommand)])) {
      if (this.covers(need, cancelling)) continue;
      const ahead = this.leanReads > 0 ? 0 : this.limits.readChunk;
      // A taker that passes over or cancels its owner's own orders may reach any number of them: read the whole side.
      const limit = need.pastOwnOrders ? READ_WHOLE_SIDE : need.tonnes + cancelling.size + ahead;
      sides.push({ side: need.side, after: this.sides[need.side].cursor, limit });
    }
    const known = (id: number) => this.orders.has(id) || this.pendingStops.has(id);
    return { sides, orderIds: [...new Set([...cancelIds, ...amendIds])].filter((id) => !known(id)), ...(nowMs === undefined ? {} : { nowMs }) };
  }

  /**
   * Places an order that lost its place in the queue (an amend gave it the newest sequence): into the cached book when
   * it ranks before its side's cursor, else out of it (offBook), so that the cache never holds an order behind ones it
   * has not read. Its escrowed lots go with it.
   */
  requeue(order: LedgerOrder): void {
    if (this.orders.has(order.id)) this.book.cancel(order.id);
    this.orders.delete(order.id);
    this.offBook.delete(order.id);
    if (this.afterCursor(order)) this.offBook.set(order.id, order);
    else {
      this.book.add({ id: order.id, ownerId: order.userId, side: order.side, priceCents: Number(order.priceCents), quantityTonnes: order.quantity, remainingTonnes: order.remainingQuantity });
      this.orders.set(order.id, order);
    }
  }

  /**
   * Cancels of the cached GTD orders due at `nowMs`, to run first in the batch (the desk prepends them), so that no
   * order fills at or after its end even before the expiry sweep reaches it. readFor then reads past them.
   */
  dueCancels(nowMs: number): TradingCommand[] {
    const due: TradingCommand[] = [];
    for (const order of this.orders.values()) {
      if (order.expiresAtMs != null && order.expiresAtMs <= nowMs) due.push({ kind: 'cancel', userId: order.userId, orderId: order.id, expiry: true });
    }
    return due;
  }

  /** Adds what a BookRead returned. */
  absorb(read: BookRead, rows: BookRows): void {
    if (rows.stops) {
      for (const order of rows.stops.orders) this.holdStop(order);
      this.lastPriceCents = rows.stops.lastPriceCents;
      this.stopsLoaded = true;
    }
    for (const { side, orders } of rows.sides) {
      const limit = read.sides.find((request) => request.side === side)?.limit ?? Infinity;
      for (const order of orders) {
        // Read by id first (an order to cancel), then reached by a later read of its side (a waiting stop loaded with the
        // first read reaches it): it is a cached order now, not one held for the batch alone.
        this.offBook.delete(order.id);
        this.cache(order);
      }
      const state = this.sides[side];
      if (orders.length < limit) state.complete = true;
      const last = orders.at(-1);
      if (last) state.cursor = { priceCents: last.priceCents, sequence: last.sequence };
    }
    // A waiting stop read by id in the same read that loaded the stops is held as a stop (its escrow kept with it), not
    // as an order for this batch alone, whose escrow settle drops.
    for (const order of rows.byId) if (!this.orders.has(order.id) && !this.pendingStops.has(order.id)) this.offBook.set(order.id, order);
    for (const lot of rows.lots) {
      let set = this.escrowByOrder.get(lot.orderId!);
      if (!set) this.escrowByOrder.set(lot.orderId!, (set = new Set()));
      // The same order read twice (by id, then with its side) brings its escrowed lots twice: hold each lot once.
      if (![...set].some((held) => held.id === lot.id)) set.add(lot);
    }
  }

  /**
   * After a batch committed at `version`: gives the lots it created their stored ids (`lotIds`: the batch's negative
   * ids to the database's), drops the orders that finished, the orders read for the batch alone and the new resting
   * orders that rank after a side's cursor, and trims a side that grew past its limit.
   */
  settle(changes: Pick<LedgerChanges, 'newLots' | 'newOrders' | 'updatedOrders'>, lotIds: ReadonlyMap<number, number>, version: number): void {
    for (const lot of changes.newLots) {
      lot.id = storedId(lotIds, lot.id);
      if (lot.parentHoldingId !== null && lot.parentHoldingId < 0) lot.parentHoldingId = storedId(lotIds, lot.parentHoldingId);
    }
    for (const order of [...changes.newOrders, ...changes.updatedOrders]) {
      // From now on the order is a stored row: the next batch that changes it updates it.
      order.isNew = false;
      if (!isLiveStatus(order.status)) this.forget(order.id);
      else if (this.orders.has(order.id) && this.afterCursor(order)) this.evict(order.id);
    }
    for (const id of this.offBook.keys()) this.escrowByOrder.delete(id);
    this.offBook.clear();
    if (this.orders.size > 2 * this.limits.maxPerSide) {
      for (const side of ['buy', 'sell'] as const) this.trim(side);
    }
    if (this.leanReads > 0) this.leanReads -= 1;
    this.version = version;
  }

  /** Holds an untriggered stop (loaded, or placed by a batch) out of the book, in the stop book. */
  holdStop(order: LedgerOrder): void {
    this.pendingStops.set(order.id, order);
    this.stops.add(order.id, order.side, Number(order.stopPriceCents), order.sequence);
  }

  private covers(need: Reach, cancelling: ReadonlySet<number>): boolean {
    const state = this.sides[need.side];
    if (state.complete) return true;
    // Orders after the cursor rank at or behind its price, which is beyond what the takers accept.
    if (state.cursor && !withinBound(need.side, state.cursor.priceCents, need.boundCents)) return true;
    if (need.pastOwnOrders) return false;
    // Orders being cancelled do not count: takers reach past them.
    let cancelledTonnes = 0;
    for (const id of cancelling) {
      const order = this.orders.get(id);
      if (order?.side === need.side && withinBound(need.side, order.priceCents, need.boundCents)) cancelledTonnes += order.remainingQuantity;
    }
    const bound = need.boundCents > BigInt(MAX_BOOK_PRICE_CENTS) ? MAX_BOOK_PRICE_CENTS : Number(need.boundCents);
    return this.book.tonnesWithin(need.side, bound, need.tonnes + cancelledTonnes) - cancelledTonnes >= need.tonnes;
  }

  private cache(order: LedgerOrder): void {
    if (this.orders.has(order.id) || !isLiveStatus(order.status)) return;
    this.book.add({
      id: order.id, ownerId: order.userId, side: order.side, priceCents: Number(order.priceCents),
      quantityTonnes: order.quantity, remainingTonnes: order.remainingQuantity,
    });
    this.orders.set(order.id, order);
  }

  /** True when a cached order ranks after its side's cursor while the side is not wholly cached. */
  private afterCursor(order: LedgerOrder): boolean {
    const state = this.sides[order.side];
    if (state.complete) return false;
    if (!state.cursor) return true;
    return ranksAfter(order.side, order, state.cursor);
  }

  /** Keeps the side's `maxPerSide` best orders; the cursor moves to the last one kept. */
  private trim(side: OrderSide): void {
    const live = this.book.liveOrders(side);
    if (live.length <= this.limits.maxPerSide) return;
    for (const order of live.slice(this.limits.maxPerSide)) this.evict(Number(order.id));
    const last = this.orders.get(Number(live[this.limits.maxPerSide - 1].id))!;
    this.sides[side] = { complete: false, cursor: { priceCents: last.priceCents, sequence: last.sequence } };
  }

  /** Drops a live order from the cache; it stays in the database, after the cursor. */
  private evict(id: number): void {
    this.book.cancel(id);
    this.forget(id);
  }

  private forget(id: number): void {
    this.orders.delete(id);
    this.escrowByOrder.delete(id);
  }
}

interface Reach {
  side: OrderSide;
  tonnes: number;
  /** The worst price a taker accepts: the highest buy limit for asks, the lowest sell limit for bids. */
  boundCents: bigint;
  /** Some taker uses cancel_oldest or skip self-trade prevention, so its own orders do not stop it. */
  pastOwnOrders: boolean;
}

/** A read limit beyond any side's size. */
const READ_WHOLE_SIDE = 2_000_000_000;

/** What a waiting stop would take once triggered, as the command it amounts to. */
function stopAsCommand(order: LedgerOrder): TradingCommand {
  const { userId, side, priceCents, quantity, selfTradePrevention } = order;
  if (order.stopMarket && side === 'sell') return { kind: 'market', userId, side, quantity, selfTradePrevention };
  return { kind: 'limit', userId, side, priceCents, quantity, selfTradePrevention };
}

/** What the commands can reach on each side of the book: the asks for buys, the bids for sells. */
function reachOf(commands: readonly TradingCommand[]): Reach[] {
  const asks: Reach = { side: 'sell', tonnes: 0, boundCents: 0n, pastOwnOrders: false };
  const bids: Reach = { side: 'buy', tonnes: 0, boundCents: -1n, pastOwnOrders: false };
  for (const command of commands) {
    if (command.kind === 'cancel' || command.kind === 'triggers') continue;
    // An amend to a new price must see the opposite best price to refuse crossing it: one tonne within that price.
    if (command.kind === 'amend') {
      if (command.priceCents === null) continue;
      const reach = command.side === 'buy' ? asks : bids;
      reach.tonnes += 1;
      if (command.side === 'buy' ? command.priceCents > reach.boundCents : reach.boundCents < 0n || command.priceCents < reach.boundCents) reach.boundCents = command.priceCents;
      continue;
    }
    if ((command.selfTradePrevention ?? 'cancel_newest') !== 'cancel_newest') (command.side === 'buy' ? asks : bids).pastOwnOrders = true;
    // A market order has no limit: it reaches every price.
    if (command.side === 'buy') {
      asks.tonnes += command.quantity;
      const bound = command.kind === 'limit' ? command.priceCents : UNBOUNDED_BUY_CENTS;
      if (bound > asks.boundCents) asks.boundCents = bound;
    } else {
      bids.tonnes += command.quantity;
      // A sell stop market order's price is only its stop price: once triggered it sells at any price.
      const bound = command.kind === 'limit' && !command.stopMarket ? command.priceCents : 0n;
      if (bids.boundCents < 0n || bound < bids.boundCents) bids.boundCents = bound;
    }
  }
  return [asks, bids].filter((reach) => reach.tonnes > 0);
}

/** Above any accepted price. */
const UNBOUNDED_BUY_CENTS = 1_000_000_000_000n;

/** Whether a resting order of `side` at `priceCents` is within reach of a taker whose worst price is `boundCents`. */
function withinBound(side: OrderSide, priceCents: bigint, boundCents: bigint): boolean {
  return side === 'sell' ? priceCents <= boundCents : priceCents >= boundCents;
}

/** Price-time priority: the better price first, then the earlier sequence. */
function ranksAfter(side: OrderSide, order: { priceCents: bigint; sequence: number }, cursor: BookCursor): boolean {
  if (order.priceCents !== cursor.priceCents) return side === 'sell' ? order.priceCents > cursor.priceCents : order.priceCents < cursor.priceCents;
  return order.sequence > cursor.sequence;
}

const emptySide = (): SideState => ({ complete: false, cursor: null });

function storedId(lotIds: ReadonlyMap<number, number>, batchId: number): number {
  const id = lotIds.get(batchId);
  if (id === undefined) throw new Error(`no stored id for the batch's lot ${batchId}`);
  return id;
}
