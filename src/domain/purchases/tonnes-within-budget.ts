import { purchaseCost } from '@/domain/fees';

/**
 * The largest whole number of tonnes whose total (subtotal + 2% fee rounded half-up) is at most `budgetCents`, at
 * `priceCents` a tonne; 0 when not even one fits. The fee's rounding makes the total a step function, so the
 * estimate budget / (price × 1.02) is corrected by checking its neighbours with the real cost.
 */
export function tonnesWithinBudget(priceCents: bigint, budgetCents: bigint): bigint {
  if (priceCents <= 0n) throw new RangeError('priceCents must be positive');
  if (budgetCents <= 0n) return 0n;
  let tonnes = (budgetCents * 100n) / (priceCents * 102n);
  while (tonnes > 0n && purchaseCost(priceCents, tonnes).totalCents > budgetCents) tonnes -= 1n;
  while (purchaseCost(priceCents, tonnes + 1n).totalCents <= budgetCents) tonnes += 1n;
  return tonnes;
}
