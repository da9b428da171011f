/** The kinds of alert rule (issue 31 item 4). */
export const ALERT_KINDS = ['price_above', 'price_below', 'order_filled', 'label_changed', 'rating_changed'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export type PriceAlertKind = 'price_above' | 'price_below';

export const isPriceKind = (kind: AlertKind): kind is PriceAlertKind => kind === 'price_above' || kind === 'price_below';

/**
 * Whether the price in cents is beyond a price rule's threshold: at or above it for `price_above`, at or below it
 * for `price_below` (reaching the threshold counts, as in a stop order).
 */
export function isBeyond(kind: PriceAlertKind, thresholdCents: bigint, priceCents: bigint): boolean {
  return kind === 'price_above' ? priceCents >= thresholdCents : priceCents <= thresholdCents;
}

/**
 * A new price rule is armed unless the price is already beyond its threshold: it fires when the price crosses the
 * threshold, not because it stands beyond it when the rule is made. No price yet (no trade) arms it.
 */
export function initialArmed(kind: PriceAlertKind, thresholdCents: bigint, priceCents: bigint | null): boolean {
  return priceCents === null || !isBeyond(kind, thresholdCents, priceCents);
}

export interface PriceDecision {
  fire: boolean;
  armed: boolean;
}

/**
 * One observation of the last trade price (cents; null before any trade) by a price rule. An armed rule fires when
 * the price is beyond its threshold and disarms; a disarmed rule re-arms once the price is back on the near side. So a
 * rule fires at most once per crossing, however many trades follow beyond the threshold.
 */
export function evaluatePriceRule(kind: PriceAlertKind, thresholdCents: bigint, armed: boolean, priceCents: bigint | null): PriceDecision {
  if (priceCents === null) return { fire: false, armed };
  const beyond = isBeyond(kind, thresholdCents, priceCents);
  if (armed && beyond) return { fire: true, armed: false };
  return { fire: false, armed: armed || !beyond };
}

export interface ValueDecision {
  fire: boolean;
  observed: string;
}

/**
 * A label or rating rule keeps the last value it saw: it fires once per change to a different value (a change and a
 * change back are two changes), and the first observation of a rule without a value only records it.
 */
export function evaluateValueRule(observed: string | null, current: string): ValueDecision {
  return { fire: observed !== null && observed !== current, observed: current };
}

/** The rating as a rule observes it: the grade and whether it is on watch ("BB (on watch)"), or "unrated". */
export function ratingText(rating: string | null, onWatch: boolean): string {
  return `${rating ?? 'unrated'}${onWatch ? ' (on watch)' : ''}`;
}
