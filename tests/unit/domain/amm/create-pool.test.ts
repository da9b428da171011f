import { describe, expect, it } from 'vitest';
import { NonPositiveAmountError } from '@/domain/amm/amm-error';
import { createPool } from '@/domain/amm/create-pool';
import { displayPriceCents, reserveProduct, spotPrice } from '@/domain/amm/pool-state';

describe('createPool', () => {
  it.each([
    // credits, cash cents, LP units = isqrt(credits × cash), display price cents (half-up)
    { credits: 1000n, cashCents: 1_000_000n, lpUnits: 31_622n, priceCents: 1000n },
    { credits: 3n, cashCents: 1000n, lpUnits: 54n, priceCents: 333n },
    { credits: 3n, cashCents: 2000n, lpUnits: 77n, priceCents: 667n },
    { credits: 8n, cashCents: 4n, lpUnits: 5n, priceCents: 1n },
    { credits: 1n, cashCents: 1n, lpUnits: 1n, priceCents: 1n },
    { credits: 250n, cashCents: 1_062_500n, lpUnits: 16_298n, priceCents: 4250n },
  ])('seeds $credits t / $cashCents c with $lpUnits LP units at $priceCents c', ({ credits, cashCents, lpUnits, priceCents }) => {
    const pool = createPool(credits, cashCents);
    expect(pool).toEqual({ creditReserve: credits, cashReserveCents: cashCents, totalLpUnits: lpUnits });
    expect(spotPrice(pool)).toEqual({ cashCents, tonnes: credits });
    expect(displayPriceCents(spotPrice(pool))).toBe(priceCents);
  });

  it('keeps the LP units at or below the square root of k', () => {
    const pool = createPool(1000n, 1_000_000n);
    expect(pool.totalLpUnits ** 2n <= reserveProduct(pool)).toBe(true);
    expect((pool.totalLpUnits + 1n) ** 2n > reserveProduct(pool)).toBe(true);
  });

  it.each([
    [0n, 100n, 'creditTonnes'],
    [-1n, 100n, 'creditTonnes'],
    [10n, 0n, 'cashCents'],
  ])('refuses %s t / %s c naming the bad field', (credits, cashCents, field) => {
    const error = captureError(() => createPool(credits, cashCents));
    expect(error).toBeInstanceOf(NonPositiveAmountError);
    expect(error).toMatchObject({ field });
  });
});

function captureError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
