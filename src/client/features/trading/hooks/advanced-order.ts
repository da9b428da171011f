import type { OrderType, PlaceOrderBody, PlaceOrderResponse, TimeInForceName } from '@/shared/schemas/trading';
import type { SELF_TRADE_PREVENTION } from '@/shared/schemas/trading';
import { formatUsd } from '@/client/lib/format';
import { parsePriceCents } from './order-input';

export type SelfTradePreventionName = (typeof SELF_TRADE_PREVENTION)[number];
/** What a stop order becomes once triggered: a limit order at the form's price, or a market order. */
export type StopKind = 'limit' | 'market';

/** The Advanced part of the order form, as typed (text fields stay text until the order is sent). */
export interface AdvancedOrder {
  timeInForce: TimeInForceName;
  /** A `datetime-local` value in the browser's time zone; GTD only. */
  expiresAtLocal: string;
  postOnly: boolean;
  stopPriceText: string;
  stopKind: StopKind;
  selfTradePrevention: SelfTradePreventionName;
}

export const DEFAULT_ADVANCED: AdvancedOrder = {
  timeInForce: 'GTC', expiresAtLocal: '', postOnly: false, stopPriceText: '', stopKind: 'limit', selfTradePrevention: 'cancel_newest',
};

export const TIME_IN_FORCE_CHOICES: ReadonlyArray<{ value: TimeInForceName; label: string; hint: string }> = [
  { value: 'GTC', label: 'Good till cancelled', hint: 'What does not fill at once rests in the book until it fills or you cancel it.' },
  { value: 'GTD', label: 'Good till date', hint: 'Rests like GTC, then is cancelled at the time you choose.' },
  { value: 'IOC', label: 'Immediate or cancel', hint: 'Trades what it can right now; the rest is cancelled, nothing rests.' },
  { value: 'FOK', label: 'Fill or kill', hint: 'Trades the whole quantity right now, or nothing at all.' },
];

export const SELF_TRADE_CHOICES: ReadonlyArray<{ value: SelfTradePreventionName; label: string; hint: string }> = [
  { value: 'cancel_newest', label: 'Cancel this order', hint: 'If it reaches one of your resting orders, the rest of this order is cancelled.' },
  { value: 'cancel_oldest', label: 'Cancel my resting order', hint: 'Your resting order in the way is cancelled and this order goes on.' },
  { value: 'skip', label: 'Skip my order', hint: 'This order passes over your resting order and trades with the ones behind it.' },
];

/** A stop price was typed: the order waits for the last trade to reach it. */
export const hasStop = (advanced: AdvancedOrder) => advanced.stopPriceText.trim() !== '';

/** The server takes a stop only with GTC: every other time in force is off while a stop price is typed. */
export const timeInForceAllowed = (advanced: AdvancedOrder, value: TimeInForceName) => !hasStop(advanced) || value === 'GTC';

/** A stop price only goes with GTC. */
export const stopAllowed = (advanced: AdvancedOrder) => advanced.timeInForce === 'GTC';

/** Post-only rests or is refused; the form offers it for a GTC limit order without a stop (as the server does). */
export const postOnlyAllowed = (advanced: AdvancedOrder) => advanced.timeInForce === 'GTC' && !hasStop(advanced);

/** A sell stop market order sells at the market once triggered: it takes no price. */
export const priceNeeded = (advanced: AdvancedOrder, side: OrderType) =>
  !(stopAllowed(advanced) && hasStop(advanced) && advanced.stopKind === 'market' && side === 'sell');

/** Whether anything differs from a plain GTC limit order (the Advanced section shows it when collapsed). */
export const isAdvanced = (advanced: AdvancedOrder) =>
  advanced.timeInForce !== 'GTC' || advanced.postOnly || hasStop(advanced) || advanced.selfTradePrevention !== 'cancel_newest';

/** A `datetime-local` value (browser time) as ISO 8601 UTC; null when it is not a date and time. */
export function localDateTimeToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value.trim())) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The fields the Advanced section adds to POST /api/trading/orders, or the message for what the form cannot send.
 * Only what differs from the defaults is sent; combinations the server refuses are left out (a post-only box that
 * no longer applies) rather than sent. Whether a time is in the future is left to the server, which says so.
 */
export function advancedOrderFields(advanced: AdvancedOrder): { fields: Partial<PlaceOrderBody> } | { error: string } {
  const fields: Partial<PlaceOrderBody> = {};
  if (advanced.timeInForce !== 'GTC' && timeInForceAllowed(advanced, advanced.timeInForce)) fields.timeInForce = advanced.timeInForce;
  if (fields.timeInForce === 'GTD') {
    const expiresAt = localDateTimeToIso(advanced.expiresAtLocal);
    if (expiresAt === null) return { error: 'Choose when the order expires' };
    fields.expiresAt = expiresAt;
  }
  if (advanced.postOnly && postOnlyAllowed(advanced)) fields.postOnly = true;
  if (hasStop(advanced) && stopAllowed(advanced)) {
    if (parsePriceCents(advanced.stopPriceText) === null) return { error: 'The stop price must be a positive amount with at most 2 decimals' };
    fields.stopPrice = advanced.stopPriceText.trim();
    if (advanced.stopKind === 'market') fields.type = 'market';
  }
  if (advanced.selfTradePrevention !== 'cancel_newest') fields.selfTradePrevention = advanced.selfTradePrevention;
  return { fields };
}

/** The Order Created toast's line: a waiting stop, an IOC/FOK order that ended, or the SPEC words for the rest. */
export function placedDescription({ order, matched }: PlaceOrderResponse): string {
  if (order.stopPrice !== null && order.triggeredAt === null && order.status === 'open') {
    return `Stop order waiting: it triggers when the last trade reaches ${formatUsd(order.stopPrice)}`;
  }
  if (order.status === 'cancelled') {
    return order.filledQuantity > 0 ? `Filled ${order.filledQuantity} of ${order.quantity}; the rest was cancelled (${order.timeInForce})` : `Nothing could fill at once, so the ${order.timeInForce} order was cancelled`;
  }
  return matched ? 'Order matched and executed' : 'Order added to orderbook';
}
