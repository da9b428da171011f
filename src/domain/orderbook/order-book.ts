import { BookSide } from './book-side';
import { MatchResult } from './match-result';
import { checkOrderInput, type LimitOrderInput, type MarketOrderInput, type RestingOrderInput, type SelfTradePrevention } from './order-input';
import { depthOf, liveOrdersOf, snapshotOf, type BookDepth, type OrderSnapshot } from './order-snapshot';
import { orderStatus, type EntityId, type OrderSide } from './order-status';
import { LEVEL, NEXT, NONE, OrderStore, OWNER, PRICE, QUANTITY, REMAINING, SHIFT, SIDE } from './order-store';
import type { PriceLevel } from './price-level';
import { SlotIndex } from './slot-index';

/**
 * The in-memory order book of one project. Prices are integer cents (`number`, 1…MAX_BOOK_PRICE_CENTS),
 * quantities whole tonnes. Matching is price-time priority: the best price first, the oldest order first
 * within a price, and every trade is at the resting (maker) order's price. A limit remainder rests; a market
 * order is immediate-or-cancel and never rests.
 *
 * Limit orders carry a time in force (GTC, IOC, FOK) and may be post-only; see `submitLimit`.
 *
 * Self-trade prevention has three modes (see SelfTradePrevention), chosen per incoming order. The default is
 * cancel-newest: when the incoming order reaches a resting order of the same owner, matching stops and the incoming
 * order's remainder is cancelled (never rested), while the resting order keeps its place. cancel-oldest cancels the
 * resting order (reported in the result) and goes on; skip passes over it. A remainder only rests once nothing
 * crossing it is left, so the book is never crossed (best bid < best ask).
 *
 * The book holds live orders only: a filled or cancelled order leaves it at once (its slot is reused), and
 * its final state is reported in the submit result. The database keeps the history. Orders live in a typed-array
 * store (order-store.ts) and submits return one reused `MatchResult`, so the steady state allocates nothing.
 */
/** Self-trade prevention modes as small integers for the matching loop. */
const CANCEL_NEWEST = 0;
const CANCEL_OLDEST = 1;
const SKIP = 2;
type StpCode = typeof CANCEL_NEWEST | typeof CANCEL_OLDEST | typeof SKIP;

function stpCode(mode: SelfTradePrevention | undefined): StpCode {
  if (mode === undefined || mode === 'cancel_newest') return CANCEL_NEWEST;
  return mode === 'cancel_oldest' ? CANCEL_OLDEST : SKIP;
}

export class OrderBook {
  private readonly levelTable: PriceLevel[] = [];
  private readonly bids = new BookSide(1, this.levelTable);
  private readonly asks = new BookSide(-1, this.levelTable);
  private readonly store = new OrderStore();
  /** Slot of every live order by id. */
  private readonly slots = new SlotIndex();
  private readonly result = new MatchResult();
  private selfTradeStopped = false;

  /** Number of live orders. */
  get size(): number {
    return this.slots.size;
  }

  /**
   * Loads a stored live order at the back of its price level, without matching: call it in the orders'
   * original sequence to rebuild time priority. Throws when the id is live or the order would cross the book.
   */
  add(order: RestingOrderInput): void {
    const remainingTonnes = order.remainingTonnes ?? order.quantityTonnes;
    checkOrderInput(order.priceCents, order.quantityTonnes);
    if (!(Number.isInteger(remainingTonnes) && remainingTonnes >= 1 && remainingTonnes <= order.quantityTonnes)) {
      throw new RangeError(`remainingTonnes must be an integer in 1…${order.quantityTonnes}, got ${remainingTonnes}`);
    }
    this.checkNewId(order.id);
    const opposite = order.side === 'buy' ? this.asks : this.bids;
    const best = opposite.best();
    if (best !== null && opposite.direction * best.priceCents >= opposite.direction * order.priceCents) {
      throw new Error(`order ${order.id} at ${order.priceCents} would cross the book at ${best.priceCents}`);
    }
    const ownerIndex = this.store.ownerIndex(order.ownerId);
    this.rest(order.id, ownerIndex, order.side, order.priceCents, order.quantityTonnes, remainingTonnes);
  }

  /**
   * Matches a limit order by its time in force: GTC rests its remainder, IOC cancels it, FOK trades its whole
   * quantity or nothing (the quantity it could reach: with cancel_newest only before its owner's own first resting
   * order, which stops it; with the other modes past its owner's orders). A post-only order that would trade at once
   * is refused whole. cancel_newest self-trade prevention cancels any remainder, and so does skip when the remainder
   * would rest across its owner's own orders.
   */
  submitLimit(order: LimitOrderInput): MatchResult {
    const { id, ownerId, side, priceCents, quantityTonnes } = order;
    const timeInForce = order.timeInForce ?? 'GTC';
    checkOrderInput(priceCents, quantityTonnes);
    if (order.postOnly === true && timeInForce !== 'GTC') throw new RangeError('a post-only order must be GTC');
    this.checkNewId(id);
    const opposite = side === 'buy' ? this.asks : this.bids;
    const ownerIndex = this.store.ownerIndex(ownerId);
    const limitKey = opposite.direction * priceCents;
    const stp = stpCode(order.selfTradePrevention);
    if (order.postOnly === true && this.wouldTake(side, priceCents)) {
      return this.refuse(id, ownerId, quantityTonnes, 'post_only_refused');
    }
    if (timeInForce === 'FOK' && this.reachableTonnes(ownerIndex, opposite, limitKey, quantityTonnes, stp) < quantityTonnes) {
      return this.refuse(id, ownerId, quantityTonnes, 'fok_refused');
    }
    const remainingTonnes = this.match(id, ownerId, ownerIndex, opposite, limitKey, quantityTonnes, stp);
    const result = this.result;
    if (remainingTonnes === 0) result.outcome = 'filled';
    else if (this.selfTradeStopped || timeInForce !== 'GTC') {
      result.outcome = this.selfTradeStopped ? 'self_trade_cancelled' : 'ioc_remainder_cancelled';
      result.cancelledTonnes = remainingTonnes;
    } else if (stp === SKIP && this.wouldTake(side, priceCents)) {
      // Only the owner's own orders can still cross the remainder: resting it would cross the book.
      result.outcome = 'self_trade_cancelled';
      result.cancelledTonnes = remainingTonnes;
    } else {
      result.outcome = 'rested';
      result.restingTonnes = remainingTonnes;
      this.rest(id, ownerIndex, side, priceCents, quantityTonnes, remainingTonnes);
    }
    result.status = orderStatus(result.filledTonnes, remainingTonnes, result.outcome !== 'rested');
    return result;
  }

  /** Whether a limit order of `side` at `priceCents` would trade at once (the opposite best price crosses it). */
  wouldTake(side: OrderSide, priceCents: number): boolean {
    const opposite = side === 'buy' ? this.asks : this.bids;
    return opposite.count > 0 && opposite.keys[opposite.count - 1] >= opposite.direction * priceCents;
  }

  /**
   * The tonnes a limit order of `ownerId` on `side` at `priceCents` could trade at once, counted up to `atLeast`:
   * what a FOK order needs all of. With cancel_newest (the default) it stops at the owner's own first resting order,
   * where matching would; with cancel_oldest or skip the owner's orders count nothing and it goes on past them.
   */
  fillableTonnes(side: OrderSide, ownerId: EntityId, priceCents: number, atLeast: number, selfTradePrevention?: SelfTradePrevention): number {
    const opposite = side === 'buy' ? this.asks : this.bids;
    return this.reachableTonnes(this.store.ownerIndex(ownerId), opposite, opposite.direction * priceCents, atLeast, stpCode(selfTradePrevention));
  }

  /** Matches a market order immediate-or-cancel: whatever cannot trade now is cancelled. */
  submitMarket(order: MarketOrderInput): MatchResult {
    const { id, ownerId, side, quantityTonnes } = order;
    checkOrderInput(1, quantityTonnes);
    this.checkNewId(id);
    const opposite = side === 'buy' ? this.asks : this.bids;
    const ownerIndex = this.store.ownerIndex(ownerId);
    const remainingTonnes = this.match(id, ownerId, ownerIndex, opposite, -Infinity, quantityTonnes, stpCode(order.selfTradePrevention));
    const result = this.result;
    result.cancelledTonnes = remainingTonnes;
    if (remainingTonnes === 0) result.outcome = 'filled';
    else result.outcome = this.selfTradeStopped ? 'self_trade_cancelled' : 'market_remainder_cancelled';
    result.status = orderStatus(result.filledTonnes, remainingTonnes, true);
    return result;
  }

  /**
   * Cancels a live order and returns the remaining tonnes it had, which leave the book. Returns 0 when no live
   * order has this id (unknown, already filled or already cancelled), because a live order always has ≥ 1.
   */
  cancel(id: EntityId): number {
    const slot = this.slots.get(id);
    if (slot === NONE) return 0;
    const remainingTonnes = this.store.fields[(slot << SHIFT) + REMAINING];
    this.remove(id, slot);
    return remainingTonnes;
  }

  /**
   * Changes a live order's price and remaining tonnes without matching (issue 31 amend). Lowering only its remaining
   * tonnes keeps its place in the queue; a new price or more tonnes send it to the back of its (new) level. Its
   * filled tonnes stay, so its quantity becomes filled + `remainingTonnes`. Returns whether it kept its place. Throws
   * when no live order has this id, or when the new price would cross the book (the caller refuses that first).
   */
  amend(id: EntityId, priceCents: number, remainingTonnes: number): boolean {
    const slot = this.slots.get(id);
    if (slot === NONE) throw new Error(`order ${id} is not live in the book`);
    checkOrderInput(priceCents, remainingTonnes);
    const fields = this.store.fields;
    const base = slot << SHIFT;
    const currentTonnes = fields[base + REMAINING];
    const filledTonnes = fields[base + QUANTITY] - currentTonnes;
    if (priceCents === fields[base + PRICE] && remainingTonnes <= currentTonnes) {
      this.levelTable[fields[base + LEVEL]].totalTonnes -= currentTonnes - remainingTonnes;
      fields[base + REMAINING] = remainingTonnes;
      fields[base + QUANTITY] = filledTonnes + remainingTonnes;
      return true;
    }
    const side: OrderSide = fields[base + SIDE] === 0 ? 'buy' : 'sell';
    if (this.wouldTake(side, priceCents)) throw new Error(`order ${id} amended to ${priceCents} would cross the book`);
    const ownerIndex = fields[base + OWNER];
    this.remove(id, slot);
    this.rest(id, ownerIndex, side, priceCents, filledTonnes + remainingTonnes, remainingTonnes);
    return false;
  }

  /** Best (highest) bid price in cents, or undefined when there is no bid. */
  bestBid(): number | undefined {
    return this.bids.best()?.priceCents;
  }

  /** Best (lowest) ask price in cents, or undefined when there is no ask. */
  bestAsk(): number | undefined {
    return this.asks.best()?.priceCents;
  }

  /**
   * Σ remaining tonnes of `side`'s live orders that a taker whose worst accepted price is `boundCents` reaches (asks at
   * or below it, bids at or above it), counted best level first and stopping once `atLeast` is reached.
   */
  tonnesWithin(side: OrderSide, boundCents: number, atLeast: number): number {
    const bookSide = side === 'buy' ? this.bids : this.asks;
    const limitKey = bookSide.direction * boundCents;
    let tonnes = 0;
    for (let i = bookSide.count - 1; i >= 0 && tonnes < atLeast && bookSide.keys[i] >= limitKey; i--) tonnes += bookSide.levels[i].totalTonnes;
    return tonnes;
  }

  /** Up to `levels` aggregated price levels per side, best first. */
  depth(levels: number): BookDepth {
    return { bids: depthOf(this.bids, levels), asks: depthOf(this.asks, levels) };
  }

  /** A copy of a live order, or undefined when no live order has this id. */
  getOrder(id: EntityId): OrderSnapshot | undefined {
    const slot = this.slots.get(id);
    return slot === NONE ? undefined : snapshotOf(this.store, slot);
  }

  /** Copies of the live orders of one side in priority order: best price first, oldest first within a price. */
  liveOrders(side: OrderSide): OrderSnapshot[] {
    return liveOrdersOf(this.store, side === 'buy' ? this.bids : this.asks);
  }

  /**
   * Trades the taker against `opposite` from its best level while the level key (direction × price) is at
   * least `limitKey`, and returns the taker's unmatched tonnes. At a resting order of the same owner it acts by `stp`:
   * cancel_newest stops (setting `selfTradeStopped`), cancel_oldest cancels that order, skip passes over it. Levels are
   * walked by index: a level left holding the owner's orders stays, and removing one only shifts the better levels.
   */
  private match(takerId: EntityId, ownerId: EntityId, ownerIndex: number, opposite: BookSide, limitKey: number, quantityTonnes: number, stp: StpCode): number {
    const { result, store } = this;
    const fields = store.fields;
    result.reset(takerId, ownerId);
    this.selfTradeStopped = false;
    let remainingTonnes = quantityTonnes;
    for (let index = opposite.count - 1; remainingTonnes > 0 && index >= 0; index--) {
      if (opposite.keys[index] < limitKey) break;
      const level = opposite.levels[index];
      let maker = level.head;
      while (maker !== NONE && remainingTonnes > 0) {
        const base = maker << SHIFT;
        const next = fields[base + NEXT];
        if (fields[base + OWNER] === ownerIndex) {
          if (stp === CANCEL_NEWEST) {
            this.selfTradeStopped = true;
            return remainingTonnes;
          }
          if (stp === CANCEL_OLDEST) {
            const ownId = store.ids[maker];
            result.addCancelledMaker(ownId, fields[base + REMAINING]);
            this.remove(ownId, maker);
          }
          maker = next;
          continue;
        }
        const makerTonnes = fields[base + REMAINING];
        const tradeTonnes = makerTonnes < remainingTonnes ? makerTonnes : remainingTonnes;
        remainingTonnes -= tradeTonnes;
        fields[base + REMAINING] = makerTonnes - tradeTonnes;
        level.totalTonnes -= tradeTonnes;
        const makerId = store.ids[maker];
        result.addTrade(makerId, store.owners[fields[base + OWNER]], level.priceCents, tradeTonnes, makerTonnes - tradeTonnes);
        if (makerTonnes === tradeTonnes) this.remove(makerId, maker);
        maker = next;
      }
    }
    return remainingTonnes;
  }

  /** Records a taker that trades nothing and leaves nothing resting: all of it is cancelled. */
  private refuse(id: EntityId, ownerId: EntityId, quantityTonnes: number, outcome: 'fok_refused' | 'post_only_refused'): MatchResult {
    const result = this.result;
    result.reset(id, ownerId);
    result.outcome = outcome;
    result.cancelledTonnes = quantityTonnes;
    result.status = 'cancelled';
    return result;
  }

  /**
   * Σ remaining tonnes of other owners from the best level of `opposite` while its key is ≥ `limitKey`, up to `atLeast`;
   * with cancel_newest only up to the owner's first order.
   */
  private reachableTonnes(ownerIndex: number, opposite: BookSide, limitKey: number, atLeast: number, stp: StpCode): number {
    const fields = this.store.fields;
    let tonnes = 0;
    for (let i = opposite.count - 1; i >= 0 && tonnes < atLeast && opposite.keys[i] >= limitKey; i--) {
      for (let slot = opposite.levels[i].head; slot !== NONE && tonnes < atLeast; slot = fields[(slot << SHIFT) + NEXT]) {
        if (fields[(slot << SHIFT) + OWNER] === ownerIndex) {
          if (stp === CANCEL_NEWEST) return tonnes;
          continue;
        }
        tonnes += fields[(slot << SHIFT) + REMAINING];
      }
    }
    return tonnes;
  }

  private rest(id: EntityId, ownerIndex: number, side: OrderSide, priceCents: number, quantityTonnes: number, remainingTonnes: number): void {
    const slot = this.store.allocate(id);
    // Read the fields after allocating: allocation may have grown (replaced) the array.
    const fields = this.store.fields;
    const base = slot << SHIFT;
    fields[base + REMAINING] = remainingTonnes;
    fields[base + QUANTITY] = quantityTonnes;
    fields[base + PRICE] = priceCents;
    fields[base + OWNER] = ownerIndex;
    fields[base + SIDE] = side === 'buy' ? 0 : 1;
    (side === 'buy' ? this.bids : this.asks).levelAt(priceCents).append(fields, slot);
    this.slots.set(id, slot);
  }

  /** Unlinks a live order, drops its level when it empties, and frees the slot. */
  private remove(id: EntityId, slot: number): void {
    const fields = this.store.fields;
    const base = slot << SHIFT;
    const level = this.levelTable[fields[base + LEVEL]];
    level.unlink(fields, slot);
    if (level.orderCount === 0) (fields[base + SIDE] === 0 ? this.bids : this.asks).remove(level);
    this.slots.delete(id);
    this.store.release(slot);
  }

  private checkNewId(id: EntityId): void {
    if (this.slots.get(id) !== NONE) throw new Error(`order ${id} is already live in the book`);
  }
}
