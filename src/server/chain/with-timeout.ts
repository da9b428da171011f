/** The chain did not answer within the configured CHAIN_TIMEOUT_MS. */
export class ChainTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The chain did not answer within ${timeoutMs} ms`);
    this.name = 'ChainTimeoutError';
  }
}

/** Settles like `promise`, or rejects with ChainTimeoutError after `timeoutMs` (the promise itself keeps running). */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ChainTimeoutError(timeoutMs)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
