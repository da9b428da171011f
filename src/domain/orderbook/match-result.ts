import type { EntityId, OrderStatus } from './order-status';

/**
 * One trade between a resting order (maker) and the incoming order (taker), at the maker's price.
 * `makerRemainingTonnes` is what the maker still has resting after this trade: 0 means the maker is filled.
 */
export interface Trade {
  makerId: EntityId;
  makerOwnerId: EntityId;
  takerId: EntityId;
  takerOwnerId: EntityId;
  priceCents: number;
  quantityTonnes: number;
  makerRemainingTonnes: number;
}

/**
 * What happened to the incoming order:
 * - `filled`: fully traded;
 * - `rested`: a limit order whose remainder (possibly all of it) now rests in the book;
 * - `self_trade_cancelled`: matching reached a resting order of the same owner (cancel_newest), or a skipping order's
 *   remainder would have rested across its owner's own orders, so the remainder was cancelled;
 * - `market_remainder_cancelled`: a market order found no more liquidity, so its remainder was cancelled;
 * - `ioc_remainder_cancelled`: an IOC limit order traded what it could and its remainder was cancelled;
 * - `fok_refused`: a FOK order could not fill completely at once, so nothing traded and all of it was cancelled;
 * - `post_only_refused`: a post-only order would have taken, so nothing traded and all of it was cancelled.
 */
export type TakerOutcome =
  | 'filled' | 'rested' | 'self_trade_cancelled' | 'market_remainder_cancelled' | 'ioc_remainder_cancelled' | 'fok_refused' | 'post_only_refused';

/** Mutable, pooled trade record; see `MatchResult`. */
export class TradeRecord implements Trade {
  makerId: EntityId = 0;
  makerOwnerId: EntityId = 0;
  takerId: EntityId = 0;
  takerOwnerId: EntityId = 0;
  priceCents = 0;
  quantityTonnes = 0;
  makerRemainingTonnes = 0;
}

/**
 * The result of one submit. The book owns a single instance and overwrites it on every submit, so that the hot
 * path allocates nothing: read it (or copy it with `copyTrades`) before the next call on the same book.
 * Only the first `tradeCount` entries of `trades` belong to this submit. For the taker,
 * filledTonnes + restingTonnes + cancelledTonnes = the submitted quantity.
 */
export class MatchResult {
  takerId: EntityId = 0;
  takerOwnerId: EntityId = 0;
  outcome: TakerOutcome = 'filled';
  /** The taker's status after the submit, as it should be stored (SPEC.md section 4). */
  status: OrderStatus = 'open';
  filledTonnes = 0;
  restingTonnes = 0;
  cancelledTonnes = 0;
  tradeCount = 0;
  readonly trades: TradeRecord[] = [];
  /** Resting orders of the taker's owner that cancel_oldest self-trade prevention cancelled: the first `cancelledMakerCount` entries. */
  cancelledMakerCount = 0;
  readonly cancelledMakerIds: EntityId[] = [];
  /** The remaining tonnes each of them had when it was cancelled. */
  readonly cancelledMakerTonnes: number[] = [];

  /** Clears the result for a new taker. */
  reset(takerId: EntityId, takerOwnerId: EntityId): void {
    this.takerId = takerId;
    this.takerOwnerId = takerOwnerId;
    this.filledTonnes = 0;
    this.restingTonnes = 0;
    this.cancelledTonnes = 0;
    this.tradeCount = 0;
    this.cancelledMakerCount = 0;
  }

  /** Records a resting order of the taker's owner cancelled by cancel_oldest self-trade prevention. */
  addCancelledMaker(makerId: EntityId, remainingTonnes: number): void {
    this.cancelledMakerIds[this.cancelledMakerCount] = makerId;
    this.cancelledMakerTonnes[this.cancelledMakerCount] = remainingTonnes;
    this.cancelledMakerCount++;
  }

  /** Records a trade, reusing a record from an earlier submit when there is one. */
  addTrade(makerId: EntityId, makerOwnerId: EntityId, priceCents: number, quantityTonnes: number, makerRemainingTonnes: number): void {
    const trades = this.trades;
    let record: TradeRecord;
    if (this.tradeCount < trades.length) record = trades[this.tradeCount];
    else {
      record = new TradeRecord();
      trades.push(record);
    }
    this.tradeCount++;
    record.makerId = makerId;
    record.makerOwnerId = makerOwnerId;
    record.takerId = this.takerId;
    record.takerOwnerId = this.takerOwnerId;
    record.priceCents = priceCents;
    record.quantityTonnes = quantityTonnes;
    record.makerRemainingTonnes = makerRemainingTonnes;
    this.filledTonnes += quantityTonnes;
  }
}

/** Fresh copies of the trades of `result`, safe to keep after the next submit. */
export function copyTrades(result: MatchResult): Trade[] {
  const copies: Trade[] = [];
  for (let i = 0; i < result.tradeCount; i++) copies.push({ ...result.trades[i] });
  return copies;
}
