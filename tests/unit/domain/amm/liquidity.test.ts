import { describe, expect, it } from 'vitest';
import { InsufficientLpUnitsError, LiquidityTooSmallError, NonPositiveAmountError } from '@/domain/amm/amm-error';
import { addLiquidity } from '@/domain/amm/add-liquidity';
import { createPool } from '@/domain/amm/create-pool';
import { removeLiquidity } from '@/domain/amm/remove-liquidity';

const pool = createPool(1000n, 1_000_000n); // 31,622 LP units

describe('addLiquidity', () => {
  it('mints on the scarcer side and leaves the excess cash with the provider', () => {
    // LP = min(⌊100 × 31622 / 1000⌋, ⌊200000 × 31622 / 10^6⌋) = min(3162, 6324) = 3162;
    // taken: ⌈3162 × 1000 / 31622⌉ = 100 t and ⌈3162 × 10^6 / 31622⌉ = ⌈99993.68⌉ = 99,994 c.
    expect(addLiquidity(pool, 100n, 200_000n)).toEqual({
      creditTonnes: 100n,
      cashCents: 99_994n,
      lpUnits: 3162n,
      poolAfter: { creditReserve: 1100n, cashReserveCents: 1_099_994n, totalLpUnits: 34_784n },
    });
  });

  it('mints on the scarcer side and leaves the excess credits with the provider', () => {
    // LP = min(15811, ⌊50000 × 31622 / 10^6⌋ = 1581); taken ⌈49.997⌉ = 50 t and ⌈49996.84⌉ = 49,997 c.
    expect(addLiquidity(pool, 500n, 50_000n)).toEqual({
      creditTonnes: 50n,
      cashCents: 49_997n,
      lpUnits: 1581n,
      poolAfter: { creditReserve: 1050n, cashReserveCents: 1_049_997n, totalLpUnits: 33_203n },
    });
  });

  it('refuses a deposit worth less than one LP unit', () => {
    // 1 c × 31622 / 10^6 rounds down to 0 units.
    expect(() => addLiquidity(pool, 1n, 1n)).toThrow(LiquidityTooSmallError);
    expect(() => addLiquidity(pool, 1n, 1n)).toThrow(expect.objectContaining({ creditTonnes: 1n, cashCents: 1n }));
  });

  it('refuses a non-positive amount', () => {
    expect(() => addLiquidity(pool, 0n, 100n)).toThrow(NonPositiveAmountError);
    expect(() => addLiquidity(pool, 10n, -5n)).toThrow(NonPositiveAmountError);
  });
});

describe('removeLiquidity', () => {
  it('pays the pro-rata share of both reserves rounded down', () => {
    const grown = addLiquidity(pool, 100n, 200_000n).poolAfter;
    // ⌊1100 × 3162 / 34784⌋ = ⌊99.994⌋ = 99 t; ⌊1099994 × 3162 / 34784⌋ = ⌊99993.71⌋ = 99,993 c.
    expect(removeLiquidity(grown, 3162n)).toEqual({
      creditTonnes: 99n,
      cashCents: 99_993n,
      lpUnits: 3162n,
      poolAfter: { creditReserve: 1001n, cashReserveCents: 1_000_001n, totalLpUnits: 31_622n },
    });
  });

  it('pays a single unit in cash only when it is worth less than a tonne', () => {
    // ⌊1000 / 31622⌋ = 0 t; ⌊10^6 / 31622⌋ = 31 c.
    expect(removeLiquidity(pool, 1n)).toMatchObject({ creditTonnes: 0n, cashCents: 31n });
  });

  it('refuses more units than exist', () => {
    expect(() => removeLiquidity(pool, 31_623n)).toThrow(InsufficientLpUnitsError);
    expect(() => removeLiquidity(pool, 31_623n)).toThrow(
      expect.objectContaining({ requestedLpUnits: 31_623n, availableLpUnits: 31_622n }),
    );
  });

  describe('when the last provider withdraws everything', () => {
    const emptied = removeLiquidity(pool, 31_622n);

    it('pays out both whole reserves and leaves an empty pool', () => {
      expect(emptied).toEqual({
        creditTonnes: 1000n,
        cashCents: 1_000_000n,
        lpUnits: 31_622n,
        poolAfter: { creditReserve: 0n, cashReserveCents: 0n, totalLpUnits: 0n },
      });
    });

    it('lets the next deposit seed the pool at a new price', () => {
      expect(addLiquidity(emptied.poolAfter, 10n, 25_000n)).toEqual({
        creditTonnes: 10n,
        cashCents: 25_000n,
        lpUnits: 500n,
        poolAfter: { creditReserve: 10n, cashReserveCents: 25_000n, totalLpUnits: 500n },
      });
    });
  });
});
