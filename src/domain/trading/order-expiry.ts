import { ValidationError } from '@/domain/errors';

/** The furthest a GTD order may end: a year (365 days) after it is placed. */
export const MAX_ORDER_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Checks a GTD order's end (epoch ms) against the time it is placed: it must lie in the future and at most
 * MAX_ORDER_LIFETIME_MS ahead, or the order is refused as bad input (nothing is placed).
 */
export function checkOrderExpiry(expiresAtMs: number, nowMs: number): void {
  const at = new Date(expiresAtMs).toISOString();
  if (expiresAtMs <= nowMs) throw new ValidationError(`expiresAt must be in the future: ${at} has passed`);
  if (expiresAtMs - nowMs > MAX_ORDER_LIFETIME_MS) throw new ValidationError(`expiresAt must be at most a year ahead: ${at} is further`);
}
