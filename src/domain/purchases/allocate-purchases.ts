import { purchaseCost, type PurchaseCost } from '@/domain/fees';
import { formatCents } from '@/domain/money';
import { ConflictError, InsufficientCreditsError, InsufficientFundsError, NotFoundError, type DomainError } from '@/domain/errors';

export interface PurchaseRequest {
  userId: number;
  projectId: number;
  quantity: number;
  /** The price the buyer saw; a purchase at a price that has since changed is refused. */
  priceCents: bigint;
  /** The price was held by a quote (already checked by the caller): it is paid even if the list price changed since. */
  priceLocked?: boolean;
}

/** A project's unsold credits as the batch found them (and then leaves them). */
export interface ProjectStock {
  priceCents: bigint;
  availableCredits: number;
  /** The first serial number not yet issued: the next purchase starts its range here. */
  nextSerial: number;
}

export interface PurchaseAllocation {
  serialStart: number;
  serialEnd: number;
  cost: PurchaseCost;
  cashAfterCents: bigint;
}

export type PurchaseOutcome = { ok: true; allocation: PurchaseAllocation } | { ok: false; error: DomainError };

/**
 * Decides a batch of primary purchases in arrival order, as if each ran alone after the ones before it: the price
 * must be the current one, the project must have the credits, and the buyer the cash for subtotal + 2% fee. An
 * accepted purchase takes the next contiguous serial range and reduces stock and cash for the purchases after it;
 * a refused one changes nothing. `stock` and `cash` are updated in place to the batch's final state.
 */
export function allocatePurchases(
  stock: Map<number, ProjectStock>, cash: Map<number, bigint>, requests: readonly PurchaseRequest[],
): PurchaseOutcome[] {
  return requests.map((request) => {
    const project = stock.get(request.projectId);
    if (!project) return { ok: false, error: new NotFoundError(`Project ${request.projectId} not found`) };
    if (project.priceCents !== request.priceCents && !request.priceLocked) {
      return {
        ok: false,
        error: new ConflictError(`The price changed: credits of this project now cost $${formatCents(project.priceCents)}`, {
          currentPriceCents: project.priceCents,
        }),
      };
    }
    if (project.availableCredits < request.quantity) {
      return {
        ok: false,
        error: new InsufficientCreditsError(`Only ${project.availableCredits} credits are available for this project`, {
          availableTonnes: project.availableCredits,
          requestedTonnes: request.quantity,
        }),
      };
    }
    const cost = purchaseCost(request.priceCents, request.quantity);
    const balanceCents = cash.get(request.userId) ?? 0n;
    if (balanceCents < cost.totalCents) {
      return { ok: false, error: new InsufficientFundsError({ balanceCents, requiredCents: cost.totalCents }) };
    }
    const serialStart = project.nextSerial;
    project.nextSerial += request.quantity;
    project.availableCredits -= request.quantity;
    const cashAfterCents = balanceCents - cost.totalCents;
    cash.set(request.userId, cashAfterCents);
    return { ok: true, allocation: { serialStart, serialEnd: serialStart + request.quantity - 1, cost, cashAfterCents } };
  });
}
