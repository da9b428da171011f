/**
 * Expected failures carry their facts; one HTTP error handler maps each kind to a status.
 * A broken invariant is not a DomainError: it is an assertion failure, i.e. a bug.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: 'validation' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'refused' | 'rate_limited';
  constructor(message: string, readonly facts: Record<string, unknown> = {}) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly kind = 'validation';
}

export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
  constructor(message = 'Please sign in to continue') {
    super(message);
  }
}

/** Signed in, but the caller's role (or their organisation's policy) does not allow the action: 403. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** Missing, or someone else's: both are 404 so that existence is not confirmed to a stranger. */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
}

/** The object is in a state that forbids the action (already retired, filled, cancelled; price changed). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** A rule refuses the action (insufficient funds or credits). */
export class RefusedError extends DomainError {
  readonly kind = 'refused';
}

export class InsufficientFundsError extends RefusedError {
  constructor(facts: { balanceCents: bigint; requiredCents: bigint }) {
    super('Insufficient funds: your cash balance does not cover this purchase', facts);
  }
}

export class InsufficientCreditsError extends RefusedError {
  constructor(message: string, facts: { availableTonnes: number; requestedTonnes: number }) {
    super(message, facts);
  }
}

/** Too many attempts: answered 429 with a Retry-After of `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  readonly kind = 'rate_limited';
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message, { retryAfterSeconds });
  }
}
