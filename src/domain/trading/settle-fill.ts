import type { Trade } from '@/domain/orderbook/match-result';
import type { LedgerOrder } from './ledger-rows';
import { fillCash } from './settlement';
import type { TradingLedger } from './trading-ledger';

/**
 * Settles one fill of the order book between the taker and a resting (maker) order, at the maker's price:
 * - the sell order's escrowed tonnes go to the buyer (lowest serials first; see TradingLedger.deliver);
 * - the buyer pays price × quantity: a limit buy from its lock (limit × quantity leaves the lock and the difference
 *   goes back to the buyer's cash), a market buy straight from cash;
 * - the seller receives price × quantity (no fee on trades);
 * - the maker's filled and remaining tonnes move, and must agree with the book's.
 * The taker's own quantities are set by the caller from the match result. Returns the recorded trade's key.
 */
export function settleFill(ledger: TradingLedger, trade: Trade, taker: LedgerOrder): number {
  const maker = ledger.order(Number(trade.makerId));
  if (!maker) throw new Error(`maker order ${trade.makerId} was not loaded`);
  const [buy, sell] = taker.side === 'buy' ? [taker, maker] : [maker, taker];
  const priceCents = BigInt(trade.priceCents);
  const quantity = trade.quantityTonnes;
  const totalCents = priceCents * BigInt(quantity);
  if (buy.isMarket) ledger.moveCash(buy.userId, -totalCents);
  else {
    const cash = fillCash(buy.priceCents, priceCents, quantity);
    buy.lockedCents -= cash.unlockedCents;
    if (buy.lockedCents < 0n) throw new Error(`order ${buy.id} lock went negative`);
    ledger.moveCash(buy.userId, cash.releasedCents);
  }
  ledger.moveCash(sell.userId, totalCents);
  const buyerLotIds = ledger.deliver(sell.id, buy.userId, quantity, priceCents);
  maker.filledQuantity += quantity;
  maker.remainingQuantity -= quantity;
  if (maker.remainingQuantity !== trade.makerRemainingTonnes) throw new Error(`maker ${maker.id} out of step with the book`);
  maker.status = maker.remainingQuantity === 0 ? 'filled' : 'partially_filled';
  ledger.markOrder(maker);
  return ledger.recordTrade({
    buyOrderId: buy.id, sellOrderId: sell.id, buyerId: buy.userId, sellerId: sell.userId, priceCents, quantity, totalCents, buyerLotIds,
  }).key;
}
