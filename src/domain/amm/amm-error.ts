/**
 * Expected refusals of the AMM maths. Each carries the facts that caused it so that the HTTP layer can
 * map it (422 for a rule refusal) and the message can be shown as is in a toast.
 */

/** Base class of every AMM refusal; the error handler can map all of them with one `instanceof`. */
export class AmmError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** An amount that must be a positive whole number of tonnes, cents or LP units was zero or negative. */
export class NonPositiveAmountError extends AmmError {
  readonly field: string;
  readonly value: bigint;

  constructor(facts: { field: string; value: bigint }) {
    super(`${facts.field} must be greater than 0 (got ${facts.value})`);
    this.field = facts.field;
    this.value = facts.value;
  }
}

/** A trade asked the pool for as many credits as it holds, or more; a constant-product pool never empties. */
export class InsufficientLiquidityError extends AmmError {
  readonly requestedTonnes: bigint;
  readonly availableTonnes: bigint;

  constructor(facts: { requestedTonnes: bigint; availableTonnes: bigint }) {
    super(
      `The pool can supply at most ${facts.availableTonnes} tonnes in one trade (requested ${facts.requestedTonnes})`,
    );
    this.requestedTonnes = facts.requestedTonnes;
    this.availableTonnes = facts.availableTonnes;
  }
}

/** The pool has no reserves (every provider withdrew), so it has no price and cannot trade. */
export class EmptyPoolError extends AmmError {
  constructor() {
    super('The pool has no liquidity');
  }
}

/** A withdrawal asked for more LP units than exist. */
export class InsufficientLpUnitsError extends AmmError {
  readonly requestedLpUnits: bigint;
  readonly availableLpUnits: bigint;

  constructor(facts: { requestedLpUnits: bigint; availableLpUnits: bigint }) {
    super(`Cannot remove ${facts.requestedLpUnits} LP units: only ${facts.availableLpUnits} exist`);
    this.requestedLpUnits = facts.requestedLpUnits;
    this.availableLpUnits = facts.availableLpUnits;
  }
}

/** A deposit too small to be worth one LP unit at the pool's current ratio; taking it would give nothing back. */
export class LiquidityTooSmallError extends AmmError {
  readonly creditTonnes: bigint;
  readonly cashCents: bigint;

  constructor(facts: { creditTonnes: bigint; cashCents: bigint }) {
    super(
      `A deposit of ${facts.creditTonnes} tonnes and ${facts.cashCents} cents is worth less than one LP unit`,
    );
    this.creditTonnes = facts.creditTonnes;
    this.cashCents = facts.cashCents;
  }
}

/** Throws `NonPositiveAmountError` unless `value` > 0. */
export function requirePositive(field: string, value: bigint): void {
  if (value <= 0n) throw new NonPositiveAmountError({ field, value });
}
