import { ConflictError, InsufficientCreditsError, NotFoundError, ValidationError } from '@/domain/errors';
import { splitRange, type SerialRange } from '@/domain/serials';

export interface RetirableHolding extends SerialRange {
  id: number;
  userId: number | null;
  status: string;
  quantity: number;
}

export interface RetirementPlan {
  quantityTonnes: number;
  /** The serials that are retired: always the lowest serials of the holding. */
  retired: SerialRange;
  /** What stays active in the original holding row; null when the whole holding is retired. */
  remaining: SerialRange | null;
}

/**
 * Decides what a retirement of `requestedTonnes` (default: all) of a holding does, or refuses it.
 * Another user's holding is "not found" so that its existence is not confirmed; only active holdings
 * retire (retired is final, escrowed and pooled tonnes are locked elsewhere). A partial retirement takes
 * the lowest serials, so the retired and remaining ranges stay disjoint, contiguous and cover the original.
 */
export function planRetirement(holding: RetirableHolding | undefined, userId: number, requestedTonnes?: number): RetirementPlan {
  if (!holding || holding.userId !== userId) throw new NotFoundError('Credit not found');
  if (holding.status === 'retired') throw new ConflictError('This credit has already been retired', { holdingId: holding.id });
  if (holding.status !== 'active') {
    throw new ConflictError(`This credit is ${holding.status} and cannot be retired until it is released`, { holdingId: holding.id, status: holding.status });
  }
  const quantityTonnes = requestedTonnes ?? holding.quantity;
  if (!Number.isSafeInteger(quantityTonnes) || quantityTonnes < 1) {
    throw new ValidationError('quantity must be a whole number of tonnes, at least 1');
  }
  if (quantityTonnes > holding.quantity) {
    throw new InsufficientCreditsError(`You hold only ${holding.quantity} credits in this holding`, {
      availableTonnes: holding.quantity,
      requestedTonnes: quantityTonnes,
    });
  }
  const { taken, rest } = splitRange(holding, quantityTonnes);
  return { quantityTonnes, retired: taken, remaining: rest };
}

/** SPEC.md: the certificate names the company, else the person; an explicit beneficiary wins. */
export function defaultBeneficiary(requested: string | null | undefined, account: { companyName: string | null; firstName: string }): string {
  return requested?.trim() || account.companyName?.trim() || account.firstName.trim();
}
