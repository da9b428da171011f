import { ConflictError, RefusedError } from '@/domain/errors';

/** An HTTP answer as stored for replay: status, JSON body and the headers that belong to it. */
export interface StoredAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A request sent with an `Idempotency-Key`, handed to the service that does its work. The service writes
 * `answer(result)` in the same transaction as the work (see idempotent-writes.ts), so the key and the work commit
 * together or not at all.
 */
export interface IdempotencyTicket<R> {
  userId: number;
  key: string;
  /** sha256 of method, path and body. */
  requestHash: string;
  /** Null when the value means nothing happened (nothing is stored, so a retry runs again). */
  answer: (value: R) => StoredAnswer | null;
}

/** The key is taken: by a finished request (its answer is stored) or by one still running elsewhere. */
export class DuplicateRequestError extends ConflictError {
  constructor() {
    super('A request with this Idempotency-Key is still being processed: retry it shortly to get its answer');
  }
}

export class IdempotencyKeyReusedError extends RefusedError {
  constructor() {
    super('This Idempotency-Key was already used with a different request: use a new key for a new request');
  }
}

/** The same ticket for a service whose result the route wraps: `wrap` turns the service's value into the route's. */
export function mapTicket<R, S>(ticket: IdempotencyTicket<R> | undefined, wrap: (value: S) => R | null): IdempotencyTicket<S> | undefined {
  return ticket && { ...ticket, answer: (value: S) => { const wrapped = wrap(value); return wrapped === null ? null : ticket.answer(wrapped); } };
}
