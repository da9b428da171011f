/**
 * Wraps `fn` so that at most `limit` of its calls run at once; the others wait, first come first served, and start as
 * soon as a running call settles (whether it resolved or rejected).
 */
export function limitConcurrency<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  limit: number,
): (...args: A) => Promise<R> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args) => {
    // A settling call hands its slot straight to the next waiter, so `running` only counts down when nobody waits.
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn(...args);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
