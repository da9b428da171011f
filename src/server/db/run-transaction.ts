import type { Database, Transaction } from './client';

/** PostgreSQL deadlock_detected and serialization_failure: the whole transaction can simply run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

/**
 * Runs work as one transaction, again from the start if PostgreSQL aborted it as a deadlock victim or a serialization
 * failure. Writers take their locks in one order (project, then accounts, then lots), which avoids the cycles seen in
 * testing, but a rare victim is retried rather than answered with a 500. The work must therefore be safe to repeat:
 * it may only change the database and values it creates afresh.
 */
export async function runTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE_CODES.has(errorCode(error))) throw error;
    }
  }
}

export function errorCode(error: unknown): string {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return String(candidate?.code ?? candidate?.cause?.code ?? '');
}
