import { roundHalfUp } from './money';

/** Platform fee on primary purchases, in percent of the subtotal (SPEC.md section 9). */
export const PLATFORM_FEE_PERCENT = 2n;

export interface PurchaseCost {
  subtotalCents: bigint;
  feeCents: bigint;
  totalCents: bigint;
}

/** Subtotal = price × quantity; fee = 2% of the subtotal rounded half-up to the cent; total = subtotal + fee. */
export function purchaseCost(priceCents: bigint, quantityTonnes: number | bigint): PurchaseCost {
  const subtotalCents = priceCents * BigInt(quantityTonnes);
  const feeCents = roundHalfUp(subtotalCents * PLATFORM_FEE_PERCENT, 100n);
  return { subtotalCents, feeCents, totalCents: subtotalCents + feeCents };
}
