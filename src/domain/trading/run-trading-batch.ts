import { ConflictError, DomainError, InsufficientCreditsError, NotFoundError, RefusedError, ValidationError } from '@/domain/errors';
import { formatCents } from '@/domain/money';
import { copyTrades, type MatchResult, type Trade } from '@/domain/orderbook/match-result';
import { stopReached } from '@/domain/orderbook/stop-book';
import type { OrderBook } from '@/domain/orderbook/order-book';
import { isLiveStatus, type OrderSide } from '@/domain/orderbook/order-status';
import type { LedgerLot, LedgerOrder } from './ledger-rows';
import { affordableTonnes, buyLockCents, takeCostCents, type AskLevel } from './settlement';
import { settleFill } from './settle-fill';
import { requireWithinApproved } from './approved-cost';
import { TradingLedger } from './trading-ledger';
import type { TradingCommand } from './trading-command';
import { BookCache } from './book-cache';

export type { TradingCommand } from './trading-command';

/** `orderId` is the placed, or cancelled, order; null for a market order that found nothing to trade with. */
export type CommandOutcome =
  | { ok: true; orderId: number | null; tradeKeys: number[] }
  | { ok: false; error: DomainError };

/** What a batch reads for itself: its users' cash, its sellers' active lots, ids for the orders it may place. */
export interface BatchInputs {
  nowMs: number;
  users: readonly { id: number; cashCents: bigint }[];
  /** Active lots of the sellers among the commands (their oldest, enough to cover what they sell). */
  lots: readonly LedgerLot[];
  /** Ids and arrival sequences reserved for the orders the batch may place, in command order. */
  newOrderIds: readonly { id: number; sequence: number }[];
  /** Further sequences for the stops that may trigger (see BookLock.spareSequences). */
  spareSequences?: readonly number[];
}

/** Everything a batch needs when nothing is cached: the inputs plus the orders and the escrowed lots it can reach. */
export interface BatchState extends Omit<BatchInputs, 'lots'> {
  /** Active lots of the sellers among the commands, and the escrowed lots of the loaded sell orders. */
  lots: readonly LedgerLot[];
  /** Resting orders the commands may reach, plus the orders to cancel (in any state). */
  orders: readonly LedgerOrder[];
  /** The project's untriggered stops and its last book trade price (issue 31); none wait when absent. */
  stops?: { orders: readonly LedgerOrder[]; lastPriceCents: bigint | null };
}

/**
 * Runs the commands of one project in arrival order, as if each had its own transaction: a refused command
 * (DomainError) changes nothing and the next one runs. Matching is the order book's (price-time priority, trades
 * at the resting price, cancel-newest self-trade prevention); this function adds escrow and settlement:
 * - a limit buy locks limit × quantity of cash, a limit sell escrows its tonnes (oldest lots first);
 * - each fill moves escrowed tonnes to the buyer (lowest serials first) and price × quantity from the buy order's
 *   lock (or, for a market buy, from cash) to the seller; a taker buying below its limit gets the difference back;
 * - a market order is immediate-or-cancel; a market buy takes only the tonnes its cash pays for. A market order
 *   that traded is stored as the IOC limit order it amounts to (price = worst fill price, the rest cancelled);
 *   one that found nothing to trade with stores nothing;
 * - a limit order's time in force: GTC rests its remainder, IOC cancels it, FOK fills whole or is stored cancelled
 *   having locked nothing; an IOC or FOK sell escrows only the tonnes it filled. A post-only order that would trade
 *   at once is refused (422) and changes nothing;
 * - a cancelled, IOC or self-trade-stopped remainder returns its lock or escrow to the owner at once, and so does a
 *   resting order that cancel_oldest self-trade prevention cancelled;
 * - a stop order (stopPriceCents) takes its lock or escrow like a resting order and waits out of the book, in the
 *   cache's stop book, until the last trade price reaches it; one already reached is refused (422). Every trade's price
 *   is handed to the stop book; the stops it reports enter the book right after the command (or triggered stop) whose
 *   trades reached them, one by one in the order reported, each with a new sequence, so a cascade runs in crossing
 *   order. A stop-limit enters as a GTC limit order, a stop market as a market order (a buy within its price).
 * Every sequence the batch hands out (placed orders, amends that lose their place, triggered stops) is the next of the
 * reserved ones, so sequences follow the order of events.
 * The cache must hold every resting order the commands can reach (see BookCache.readFor); the batch changes it in
 * place, so a caller whose write then fails must reset it.
 */
export function runCachedBatch(
  cache: BookCache, inputs: BatchInputs, commands: readonly TradingCommand[],
): { outcomes: CommandOutcome[]; ledger: TradingLedger } {
  const runner = new BatchRunner(cache, inputs);
  runner.start();
  const outcomes = commands.map((command) => {
    try {
      return runner.run(command);
    } catch (error) {
      if (error instanceof DomainError) return { ok: false as const, error };
      throw error;
    }
  });
  return { outcomes, ledger: runner.ledger };
}

/** The same on a state read whole for the batch (loaded orders must be uncrossed and cover what the commands reach). */
export function runTradingBatch(state: BatchState, commands: readonly TradingCommand[]): { outcomes: CommandOutcome[]; ledger: TradingLedger } {
  const cache = new BookCache();
  cache.markComplete();
  const live = state.orders.filter((order) => isLiveStatus(order.status) && !order.pendingTrigger).sort((a, b) => a.sequence - b.sequence).map((order) => ({ ...order }));
  cache.absorb({ sides: [], orderIds: [] }, {
    sides: (['buy', 'sell'] as const).map((side) => ({ side, orders: live.filter((order) => order.side === side) })),
    byId: state.orders.filter((order) => !isLiveStatus(order.status) && !order.pendingTrigger).map((order) => ({ ...order })),
    lots: state.lots.filter((lot) => lot.status === 'escrowed').map((lot) => ({ ...lot })),
    ...(state.stops ? { stops: { orders: state.stops.orders.map((order) => ({ ...order })), lastPriceCents: state.stops.lastPriceCents } } : {}),
  });
  return runCachedBatch(cache, { ...state, lots: state.lots.filter((lot) => lot.status === 'active').map((lot) => ({ ...lot })) }, commands);
}

type ReservedId = { id: number; sequence: number };

class BatchRunner {
  readonly ledger: TradingLedger;
  private readonly book: OrderBook;
  private nextId = 0;
  private readonly sequences: number[];
  private nextSequence = 0;
  /** Stops the batch's trades have reached, in trigger order, waiting to enter the book. */
  private readonly triggered: (number | string)[] = [];

  constructor(private readonly cache: BookCache, private readonly state: BatchInputs) {
    this.ledger = new TradingLedger(state, cache, state.nowMs);
    this.book = cache.book;
    this.sequences = [...state.newOrderIds.map((id) => id.sequence), ...(state.spareSequences ?? [])].sort((a, b) => a - b);
  }

  /** Before the commands: the stops that the last trade price already reaches (another writer's trade moved it) enter first. */
  start(): void {
    const last = this.cache.lastPriceCents;
    if (last !== null) this.cache.stops.trigger(Number(last), this.triggered);
    this.enterTriggered();
  }

  run(command: TradingCommand): CommandOutcome {
    const outcome = this.runCommand(command);
    this.enterTriggered();
    return outcome;
  }

  private runCommand(command: TradingCommand): CommandOutcome {
    if (command.kind === 'triggers') return { ok: true, orderId: null, tradeKeys: [] };
    if (command.kind === 'cancel') return this.cancel(command);
    // The i-th placing command gets the i-th reserved id, used or not, so ids never depend on outcomes.
    const id = this.reserveId();
    if (command.kind === 'amend') return this.amend(command, id);
    if (command.kind === 'limit') return command.stopPriceCents == null ? this.limit(command, id) : this.placeStop(command, id);
    return command.side === 'buy' ? this.marketBuy(command, id) : this.marketSell(command, id);
  }

  /**
   * A stop or stop-limit order: refused when the last trade price already reaches its stop (the wrong side of the
   * market); otherwise it locks (buy: price × quantity) or escrows (sell: its tonnes) like a resting order and waits.
   */
  private placeStop(command: Extract<TradingCommand, { kind: 'limit' }>, id: ReservedId): CommandOutcome {
    const { userId, side, priceCents, quantity, stopMarket = false } = command;
    const stopPriceCents = command.stopPriceCents!;
    const last = this.cache.lastPriceCents;
    if (last !== null && stopReached(side, Number(stopPriceCents), Number(last))) {
      throw new RefusedError(
        `A ${side} stop must be ${side === 'buy' ? 'above' : 'below'} the last trade price of $${formatCents(last)}: a stop at $${formatCents(stopPriceCents)} would trigger at once; nothing was placed`,
        { stopPriceCents, lastPriceCents: last },
      );
    }
    const lockCents = side === 'buy' ? buyLockCents(priceCents, quantity) : 0n;
    if (side === 'buy') this.requireCash(userId, lockCents, `this stop order locks $${formatCents(lockCents)}`);
    else this.requireCredits(userId, quantity);
    const order = this.newOrder(id, userId, side, priceCents, quantity, false, {
      timeInForce: 'GTC', postOnly: false, expiresAtMs: null, selfTradePrevention: command.selfTradePrevention ?? 'cancel_newest',
      stopPriceCents, stopMarket, pendingTrigger: true, triggeredAtMs: null,
    });
    if (side === 'buy') {
      this.ledger.moveCash(userId, -lockCents);
      order.lockedCents = lockCents;
    } else this.ledger.escrow(order, quantity);
    this.cache.holdStop(order);
    return { ok: true, orderId: order.id, tradeKeys: [] };
  }

  /** Enters the triggered stops into the book, first triggered first; their trades may trigger more, which follow. */
  private enterTriggered(): void {
    for (let next = this.triggered.shift(); next !== undefined; next = this.triggered.shift()) {
      const order = this.cache.pendingStops.get(Number(next));
      if (!order) throw new Error(`triggered stop ${next} is not held`);
      this.cache.pendingStops.delete(order.id);
      this.cache.orders.set(order.id, order);
      Object.assign(order, { pendingTrigger: false, triggeredAtMs: this.state.nowMs, sequence: this.takeSequence() });
      this.ledger.markOrder(order);
      const { id, userId: ownerId, side, quantity: quantityTonnes, selfTradePrevention } = order;
      const result = order.stopMarket && side === 'sell'
        ? this.book.submitMarket({ id, ownerId, side, quantityTonnes, selfTradePrevention })
        : this.book.submitLimit({ id, ownerId, side, priceCents: Number(order.priceCents), quantityTonnes, timeInForce: order.stopMarket ? 'IOC' : 'GTC', selfTradePrevention });
      const trades = this.settleMatch(order, result);
      // A stop market sell shows the worst price it traded at, as a stored market order does.
      if (order.stopMarket && side === 'sell' && trades.length > 0) order.priceCents = BigInt(trades[trades.length - 1].priceCents);
      this.finishTaker(order, result);
      if (result.outcome !== 'filled' && result.outcome !== 'rested') this.releaseRemainder(order);
    }
  }

  /**
   * Settles a taker's fills, cancels (releasing their lock or escrow) the own resting orders that cancel_oldest took
   * out of the book, and hands the trade prices to the stop book. Returns the trades.
   */
  private settleMatch(order: LedgerOrder, result: MatchResult): Trade[] {
    for (let i = 0; i < result.cancelledMakerCount; i++) {
      const own = this.ledger.order(Number(result.cancelledMakerIds[i]));
      if (!own) throw new Error(`own order ${result.cancelledMakerIds[i]} was not loaded`);
      this.releaseRemainder(own);
      own.status = 'cancelled';
      this.ledger.markOrder(own);
    }
    const trades = copyTrades(result);
    for (const trade of trades) {
      settleFill(this.ledger, trade, order);
      this.cache.lastPriceCents = BigInt(trade.priceCents);
      this.cache.stops.trigger(trade.priceCents, this.triggered);
    }
    return trades;
  }

  private limit(command: Extract<TradingCommand, { kind: 'limit' }>, id: ReservedId): CommandOutcome {
    const { userId, side, priceCents, quantity, postOnly = false } = command;
    const selfTradePrevention = command.selfTradePrevention ?? 'cancel_newest';
    const timeInForce = command.timeInForce ?? 'GTC';
    const expiresAtMs = timeInForce === 'GTD' ? command.expiresAtMs ?? null : null;
    if (expiresAtMs !== null && expiresAtMs <= this.state.nowMs) throw new ValidationError(`expiresAt ${new Date(expiresAtMs).toISOString()} has passed`);
    const lockCents = side === 'buy' ? buyLockCents(priceCents, quantity) : 0n;
    if (side === 'buy') this.requireCash(userId, lockCents, `this order locks $${formatCents(lockCents)}`);
    else this.requireCredits(userId, quantity);
    if (postOnly) this.refuseTaking(side, priceCents);
    const order = this.newOrder(id, userId, side, priceCents, quantity, false, { timeInForce, postOnly, expiresAtMs, selfTradePrevention });
    // A FOK that cannot fill whole is stored cancelled without locking anything, so nothing else changes.
    if (timeInForce === 'FOK' && this.book.fillableTonnes(side, userId, Number(priceCents), quantity, selfTradePrevention) < quantity) {
      order.status = 'cancelled';
      return { ok: true, orderId: order.id, tradeKeys: [] };
    }
    // Only a resting (GTC, GTD) sell escrows its whole quantity; IOC and FOK sells escrow what they filled, as a market sell.
    const rests = timeInForce === 'GTC' || timeInForce === 'GTD';
    if (side === 'buy') {
      this.ledger.moveCash(userId, -lockCents);
      order.lockedCents = lockCents;
    } else if (rests) this.ledger.escrow(order, quantity);
    const result = this.book.submitLimit({
      id: order.id, ownerId: userId, side, priceCents: Number(priceCents), quantityTonnes: quantity, timeInForce: rests ? 'GTC' : timeInForce, postOnly,
      selfTradePrevention,
    });
    if (!rests && side === 'sell' && result.filledTonnes > 0) this.ledger.escrow(order, result.filledTonnes);
    const tradeKeys = this.settleMatchKeys(order, result);
    this.finishTaker(order, result);
    if (result.outcome !== 'filled' && result.outcome !== 'rested') this.releaseRemainder(order);
    return { ok: true, orderId: order.id, tradeKeys };
  }

  /** A post-only order is refused, not repriced, when it would trade at once: nothing is placed. */
  private refuseTaking(side: OrderSide, priceCents: bigint): void {
    if (!this.book.wouldTake(side, Number(priceCents))) return;
    const bestCents = BigInt((side === 'buy' ? this.book.bestAsk() : this.book.bestBid()) ?? 0);
    throw new RefusedError(
      `Post-only order refused: at $${formatCents(priceCents)} it would trade at once with the best ${side === 'buy' ? 'offer' : 'bid'} of $${formatCents(bestCents)}; nothing was placed`,
      { priceCents, bestCents },
    );
  }

  /** settleMatch, answering the keys of the recorded trades (the batch records them in order). */
  private settleMatchKeys(order: LedgerOrder, result: MatchResult): number[] {
    const first = this.ledger.tradeCount;
    return this.settleMatch(order, result).map((_, index) => first + index);
  }

  private marketBuy({ userId, quantity, selfTradePrevention, maxCostCents }: Extract<TradingCommand, { kind: 'market' }>, id: ReservedId): CommandOutcome {
    // A buyer that passes over (or cancels) its own offers buys from the others alone: count only theirs.
    const asks = (selfTradePrevention ?? 'cancel_newest') === 'cancel_newest' ? this.askLevels(quantity) : this.othersAskLevels(userId);
    if (asks.length === 0) return { ok: true, orderId: null, tradeKeys: [] };
    const cashCents = this.ledger.cashOf(userId);
    const tonnes = affordableTonnes(asks, cashCents, quantity);
    if (tonnes === 0) {
      throw new RefusedError(`Insufficient funds: the best offer is $${formatCents(BigInt(asks[0].priceCents))} per credit and your cash balance is $${formatCents(cashCents)}`);
    }
    // The approved total is checked here, on the book this batch trades on, so no move can slip in between.
    if (maxCostCents !== undefined) requireWithinApproved(takeCostCents(asks, tonnes), maxCostCents);
    const result = this.book.submitMarket({ id: id.id, ownerId: userId, side: 'buy', quantityTonnes: tonnes, selfTradePrevention });
    return this.recordMarket(id, userId, 'buy', quantity, result, selfTradePrevention);
  }

  private marketSell({ userId, quantity, selfTradePrevention }: Extract<TradingCommand, { kind: 'market' }>, id: ReservedId): CommandOutcome {
    this.requireCredits(userId, quantity);
    if (this.book.bestBid() === undefined) return { ok: true, orderId: null, tradeKeys: [] };
    const result = this.book.submitMarket({ id: id.id, ownerId: userId, side: 'sell', quantityTonnes: quantity, selfTradePrevention });
    return this.recordMarket(id, userId, 'sell', quantity, result, selfTradePrevention);
  }

  /** Stores a market order that traded as the IOC limit order it amounts to, and settles its fills. */
  private recordMarket(
    id: ReservedId, userId: number, side: OrderSide, quantity: number, result: MatchResult, selfTradePrevention: LedgerOrder['selfTradePrevention'],
  ): CommandOutcome {
    if (result.tradeCount === 0) {
      // Nothing traded, so nothing is stored; own orders that cancel_oldest took out of the book are still cancelled.
      this.settleMatch({ id: id.id, userId, side } as LedgerOrder, result);
      return { ok: true, orderId: null, tradeKeys: [] };
    }
    const worstPriceCents = BigInt(result.trades[result.tradeCount - 1].priceCents);
    const order = this.newOrder(id, userId, side, worstPriceCents, quantity, true, { timeInForce: 'IOC', selfTradePrevention });
    if (side === 'sell') this.ledger.escrow(order, result.filledTonnes);
    const tradeKeys = this.settleMatchKeys(order, result);
    order.filledQuantity = result.filledTonnes;
    order.remainingQuantity = quantity - result.filledTonnes;
    order.status = order.remainingQuantity === 0 ? 'filled' : 'cancelled';
    return { ok: true, orderId: order.id, tradeKeys };
  }

  private cancel({ userId, orderId, expiry }: Extract<TradingCommand, { kind: 'cancel' }>): CommandOutcome {
    if (expiry) {
      // The sweep read the order before this batch: it may have filled, been cancelled or amended since.
      const due = this.ledger.order(orderId);
      if (!due || !isLiveStatus(due.status) || !this.isDue(due)) return { ok: true, orderId: null, tradeKeys: [] };
    }
    const order = this.liveOrderOf(userId, orderId, 'cancelled');
    if (order.pendingTrigger) {
      // An untriggered stop is in the stop book alone; afterwards it is a finished order the batch still knows.
      this.cache.stops.remove(order.id);
      this.cache.pendingStops.delete(order.id);
      this.cache.offBook.set(order.id, order);
      order.pendingTrigger = false;
    } else if (!this.cache.offBook.has(order.id)) {
      // An order ranked after the cached top of the book is not in the in-memory book: nothing to unlink there.
      const removedTonnes = this.book.cancel(order.id);
      if (removedTonnes !== order.remainingQuantity) throw new Error(`order ${orderId}: book had ${removedTonnes} t, ledger ${order.remainingQuantity} t`);
    }
    this.releaseRemainder(order);
    order.status = 'cancelled';
    this.ledger.markOrder(order);
    return { ok: true, orderId: order.id, tradeKeys: [] };
  }

  /**
   * Changes a live order's price and/or total quantity without trading: fewer tonnes at the same price keep its place,
   * anything else takes the reserved sequence (the back of the queue). A buy's lock becomes price × remaining (the
   * difference moves from or to cash), a sell escrows exactly its new remaining tonnes.
   */
  private amend(command: Extract<TradingCommand, { kind: 'amend' }>, id: ReservedId): CommandOutcome {
    const order = this.liveOrderOf(command.userId, command.orderId, 'amended');
    if (order.pendingTrigger) throw new RefusedError(`Order ${order.id} is a stop order waiting for its trigger: it cannot be amended; cancel it and place a new one`);
    const priceCents = command.priceCents ?? order.priceCents;
    const quantity = command.quantity ?? order.quantity;
    if (quantity <= order.filledQuantity) {
      throw new RefusedError(`Order ${order.id} has ${order.filledQuantity} tonnes filled already: its quantity must stay above that`, { filledTonnes: order.filledQuantity, quantity });
    }
    const remaining = quantity - order.filledQuantity;
    const keepsPlace = priceCents === order.priceCents && remaining <= order.remainingQuantity;
    if (!keepsPlace && this.book.wouldTake(order.side, Number(priceCents))) {
      throw new RefusedError(`At $${formatCents(priceCents)} order ${order.id} would trade at once: an amend never trades; cancel it and place a new order instead`);
    }
    if (order.side === 'buy') {
      const deltaCents = buyLockCents(priceCents, remaining) - order.lockedCents;
      if (deltaCents > 0n) this.requireCash(order.userId, deltaCents, `the amended order locks $${formatCents(deltaCents)} more`);
      this.ledger.moveCash(order.userId, -deltaCents);
      order.lockedCents += deltaCents;
    } else if (remaining > order.remainingQuantity) {
      this.requireCredits(order.userId, remaining - order.remainingQuantity);
      this.ledger.escrow(order, remaining - order.remainingQuantity);
    } else if (remaining < order.remainingQuantity) {
      this.ledger.release(order.id);
      this.ledger.escrow(order, remaining);
    }
    const offBook = this.cache.offBook.has(order.id);
    Object.assign(order, { priceCents, quantity, remainingQuantity: remaining });
    if (keepsPlace) {
      if (!offBook) this.book.amend(order.id, Number(priceCents), remaining);
    } else {
      order.sequence = id.sequence;
      this.cache.requeue(order);
    }
    this.ledger.markOrder(order);
    return { ok: true, orderId: order.id, tradeKeys: [] };
  }

  /** The user's order `orderId` when it is live: someone else's is a 404 like a missing one, a finished one a 409. */
  private liveOrderOf(userId: number, orderId: number, action: string): LedgerOrder {
    const order = this.ledger.order(orderId);
    if (!order || order.userId !== userId) throw new NotFoundError(`Order ${orderId} not found`);
    if (!isLiveStatus(order.status)) throw new ConflictError(`Order ${orderId} is already ${order.status} and cannot be ${action}`);
    if (action !== 'cancelled' && this.isDue(order)) throw new ConflictError(`Order ${orderId} expired at ${new Date(order.expiresAtMs!).toISOString()} and cannot be ${action}`);
    return order;
  }

  /** A GTD order at or past its end: it must not fill, and is cancelled as soon as a batch or the sweep meets it. */
  private isDue(order: LedgerOrder): boolean {
    return order.expiresAtMs !== undefined && order.expiresAtMs !== null && order.expiresAtMs <= this.state.nowMs;
  }

  private finishTaker(order: LedgerOrder, result: MatchResult): void {
    order.filledQuantity = result.filledTonnes;
    order.remainingQuantity = order.quantity - result.filledTonnes;
    order.status = result.status;
  }

  /** Returns what a no-longer-live order still locks: cash of a buy, escrowed tonnes of a sell. */
  private releaseRemainder(order: LedgerOrder): void {
    if (order.side === 'buy') {
      this.ledger.moveCash(order.userId, order.lockedCents);
      order.lockedCents = 0n;
    } else this.ledger.release(order.id);
  }

  private requireCash(userId: number, requiredCents: bigint, what: string): void {
    const balanceCents = this.ledger.cashOf(userId);
    if (balanceCents < requiredCents) {
      throw new RefusedError(`Insufficient funds: ${what} and your cash balance is $${formatCents(balanceCents)}`, { balanceCents, requiredCents });
    }
  }

  private requireCredits(userId: number, quantity: number): void {
    const held = this.ledger.activeTonnes(userId);
    if (held < quantity) {
      throw new InsufficientCreditsError(
        `Insufficient credits: you have ${held} available credits of this project, the order needs ${quantity}`,
        { availableTonnes: held, requestedTonnes: quantity },
      );
    }
  }

  private newOrder(
    id: ReservedId, userId: number, side: OrderSide, priceCents: bigint, quantity: number, isMarket: boolean, extra: Partial<LedgerOrder> = {},
  ): LedgerOrder {
    const order: LedgerOrder = {
      id: id.id, userId, side, priceCents, quantity, filledQuantity: 0, remainingQuantity: quantity, lockedCents: 0n,
      status: 'open', sequence: id.sequence, createdAtMs: this.state.nowMs, isNew: true, isMarket, ...extra,
    };
    this.ledger.addOrder(order);
    return order;
  }

  private reserveId(): ReservedId {
    const id = this.state.newOrderIds[this.nextId++];
    if (!id) throw new Error('the batch reserved too few order ids');
    return { id: id.id, sequence: this.takeSequence() };
  }

  private takeSequence(): number {
    const sequence = this.sequences[this.nextSequence++];
    if (sequence === undefined) throw new Error('the batch reserved too few sequences');
    return sequence;
  }

  /** Ask levels best first, enough of them to hold `quantity` tonnes when the book has that many. */
  private othersAskLevels(userId: number): AskLevel[] {
    const levels: AskLevel[] = [];
    for (const ask of this.book.liveOrders('sell')) {
      if (ask.ownerId === userId) continue;
      const last = levels.at(-1);
      if (last && last.priceCents === ask.priceCents) last.quantityTonnes += ask.remainingTonnes;
      else levels.push({ priceCents: ask.priceCents, quantityTonnes: ask.remainingTonnes });
    }
    return levels;
  }

  private askLevels(quantity: number): AskLevel[] {
    for (let levels = 16; ; levels *= 4) {
      const asks = this.book.depth(levels).asks;
      const tonnes = asks.reduce((sum, level) => sum + level.quantityTonnes, 0);
      if (asks.length < levels || tonnes >= quantity) return asks;
    }
  }
}
