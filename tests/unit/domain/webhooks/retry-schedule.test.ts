import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, nextAttemptAtMs, WEBHOOK_RETRY_WINDOW_MS } from '@/domain/webhooks/retry-schedule';

describe('nextAttemptAtMs', () => {
  it('doubles the delay from the base per failed attempt', () => {
    expect([1, 2, 3, 4].map((attempts) => nextAttemptAtMs(attempts, 5000, 0, 0))).toEqual([5000, 10_000, 20_000, 40_000]);
  });

  it('waits at most an hour between attempts', () => {
    expect(nextAttemptAtMs(30, 5000, 0, 1000)).toBe(1000 + MAX_RETRY_DELAY_MS);
  });

  it('gives up once the next attempt would fall more than 24 hours after the event', () => {
    expect(nextAttemptAtMs(20, 5000, 0, WEBHOOK_RETRY_WINDOW_MS - MAX_RETRY_DELAY_MS)).toBe(WEBHOOK_RETRY_WINDOW_MS);
    expect(nextAttemptAtMs(20, 5000, 0, WEBHOOK_RETRY_WINDOW_MS - MAX_RETRY_DELAY_MS + 1)).toBeNull();
  });

  it('retries about 29 times over the day with a 5 s base', () => {
    let nowMs: number;
    let attempts = 0;
    for (let next = nextAttemptAtMs(1, 5000, 0, 0); next !== null; next = nextAttemptAtMs(++attempts + 1, 5000, 0, nowMs)) nowMs = next;
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
  });
});
