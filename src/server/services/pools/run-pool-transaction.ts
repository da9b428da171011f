import type { Database, Transaction } from '../../db/client';

/** PostgreSQL deadlock_detected and serialization_failure: the whole transaction can simply run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

/**
 * Runs one pool operation as one transaction, again from the start if PostgreSQL aborted it as a deadlock victim.
 * The lock order (trading lock with the project row, then the account, then the lots) avoids the cycles seen in
 * testing, but other writers take their own orders, so a rare victim is retried rather than answered with a 500.
 */
export async function runPoolTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE_CODES.has(errorCode(error))) throw error;
    }
  }
}

function errorCode(error: unknown): string {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return String(candidate?.code ?? candidate?.cause?.code ?? '');
}
