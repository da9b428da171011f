/** Deliveries are retried for this long after the event, then marked failed. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;
/** No wait between two attempts is longer than this. */
export const MAX_RETRY_DELAY_MS = 3_600_000;

/**
 * When to try a delivery again after `attempts` failed attempts: base × 2^(attempts − 1), capped at an hour; null
 * once that time falls outside the 24-hour window after the event (the delivery has failed for good).
 */
export function nextAttemptAtMs(attempts: number, baseMs: number, eventAtMs: number, nowMs: number): number | null {
  const delayMs = Math.min(baseMs * 2 ** Math.min(attempts - 1, 40), MAX_RETRY_DELAY_MS);
  const atMs = nowMs + delayMs;
  return atMs - eventAtMs > WEBHOOK_RETRY_WINDOW_MS ? null : atMs;
}
