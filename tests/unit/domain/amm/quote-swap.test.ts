import { describe, expect, it } from 'vitest';
import { EmptyPoolError, InsufficientLiquidityError, NonPositiveAmountError } from '@/domain/amm/amm-error';
import { createPool } from '@/domain/amm/create-pool';
import { quoteBuyCredits, quoteBuyWithCash, quoteExactTonnes, quoteSellCredits } from '@/domain/amm/quote-swap';
import { removeLiquidity } from '@/domain/amm/remove-liquidity';

// 1,000 t against $10,000.00: spot 10.00 per tonne, k = 10^9.
const pool = createPool(1000n, 1_000_000n);

describe('quoteBuyCredits (exact out)', () => {
  it('charges the no-fee cost rounded up, grossed up by 1000/997 and rounded up again', () => {
    // net = ⌈10^6 × 10 / 990⌉ = ⌈10101.01⌉ = 10102; paid = ⌈10102 × 1000 / 997⌉ = ⌈10132.40⌉ = 10133.
    const quote = quoteBuyCredits(pool, 10n);
    expect(quote).toMatchObject({
      side: 'buy',
      creditsTonnes: 10n,
      cashCents: 10_133n,
      amountIn: 10_133n,
      amountOut: 10n,
      feeCents: 31n,
      averagePrice: { cashCents: 10_133n, tonnes: 10n },
      averagePriceCents: 1013n,
      spotPriceBefore: { cashCents: 1_000_000n, tonnes: 1000n },
      marginalPriceAfter: { cashCents: 1_010_133n, tonnes: 990n },
      marginalPriceAfterCents: 1020n,
      // (10102 × 1000 − 10^6 × 10) × 10^4 / (10^6 × 10) = 102 bps exactly.
      priceImpactBps: 102n,
      poolAfter: { creditReserve: 990n, cashReserveCents: 1_010_133n, totalLpUnits: 31_622n },
    });
  });

  it.each([
    // tonnes, net ⌈y·n/(x−n)⌉, paid ⌈net·1000/997⌉
    { tonnes: 1n, paidCents: 1006n, feeCents: 4n }, // net ⌈1001.001⌉ = 1002, ⌈1005.015⌉
    { tonnes: 25n, paidCents: 25_720n, feeCents: 78n }, // net ⌈25641.03⌉ = 25642, ⌈25719.16⌉
    { tonnes: 500n, paidCents: 1_003_010n, feeCents: 3010n }, // net 10^6 exactly, ⌈1003009.03⌉
    { tonnes: 999n, paidCents: 1_002_006_019n, feeCents: 3_006_019n }, // net 999·10^6, ⌈1002006018.05⌉
  ])('buys $tonnes t for $paidCents c', ({ tonnes, paidCents, feeCents }) => {
    expect(quoteBuyCredits(pool, tonnes)).toMatchObject({ cashCents: paidCents, feeCents });
  });

  it('refuses to take the last tonne, stating what is available', () => {
    expect(() => quoteBuyCredits(pool, 1000n)).toThrow(InsufficientLiquidityError);
    expect(() => quoteBuyCredits(pool, 1000n)).toThrow(
      expect.objectContaining({ requestedTonnes: 1000n, availableTonnes: 999n }),
    );
  });

  it('refuses a quantity of 0', () => {
    expect(() => quoteBuyCredits(pool, 0n)).toThrow(NonPositiveAmountError);
  });
});

describe('quoteSellCredits (exact in)', () => {
  it('pays the no-fee proceeds rounded down, less 0.3% of them rounded up', () => {
    // gross = ⌊10^6 × 10 / 1010⌋ = ⌊9900.99⌋ = 9900; fee = ⌈29.7⌉ = 30; received 9870.
    expect(quoteSellCredits(pool, 10n)).toMatchObject({
      side: 'sell',
      creditsTonnes: 10n,
      cashCents: 9870n,
      amountIn: 10n,
      amountOut: 9870n,
      feeCents: 30n,
      averagePriceCents: 987n,
      marginalPriceAfter: { cashCents: 990_130n, tonnes: 1010n },
      marginalPriceAfterCents: 980n,
      priceImpactBps: 100n,
      poolAfter: { creditReserve: 1010n, cashReserveCents: 990_130n, totalLpUnits: 31_622n },
    });
  });

  it('can sell far more than the reserve, for less than the whole cash reserve', () => {
    // gross = ⌊10^6 × 10^6 / 1001000⌋ = 999000; fee = ⌈2997⌉ = 2997.
    expect(quoteSellCredits(pool, 1_000_000n)).toMatchObject({ cashCents: 996_003n, feeCents: 2997n });
  });

  it('rounds a tiny sale down to nothing rather than paying a fraction of a cent', () => {
    const thin = createPool(1_000_000n, 100n);
    expect(quoteSellCredits(thin, 1n)).toMatchObject({ cashCents: 0n, feeCents: 0n, averagePriceCents: 0n, priceImpactBps: 10_000n });
  });
});

describe('quoteBuyWithCash (exact in)', () => {
  it('buys the whole tonnes the budget affords and takes only their cost', () => {
    // net = ⌊10000 × 997 / 1000⌋ = 9970; tonnes = ⌊1000 × 9970 / 1009970⌋ = 9; 9 t cost 9110 ≤ 10000.
    expect(quoteBuyWithCash(pool, 10_000n)).toMatchObject({
      creditsTonnes: 9n,
      amountIn: 9110n,
      amountOut: 9n,
      feeCents: 28n,
      poolAfter: { creditReserve: 991n, cashReserveCents: 1_009_110n, totalLpUnits: 31_622n },
    });
  });

  it('buys 10 t with exactly their exact-out cost', () => {
    expect(quoteBuyWithCash(pool, 10_133n)).toMatchObject({ creditsTonnes: 10n, cashCents: 10_133n });
    expect(quoteBuyWithCash(pool, 10_132n)).toMatchObject({ creditsTonnes: 9n, cashCents: 9110n });
  });

  it('moves nothing when the budget is below one tonne', () => {
    const quote = quoteBuyWithCash(pool, 1005n);
    expect(quote).toMatchObject({ creditsTonnes: 0n, cashCents: 0n, feeCents: 0n, averagePrice: null, priceImpactBps: null });
    expect(quote.poolAfter).toEqual(pool);
  });
});

describe('quoteExactTonnes', () => {
  it('buys exactly that many tonnes out of the pool, or sells exactly that many into it', () => {
    expect(quoteExactTonnes(pool, 'buy', 10n)).toEqual(quoteBuyCredits(pool, 10n));
    expect(quoteExactTonnes(pool, 'sell', 10n)).toEqual(quoteSellCredits(pool, 10n));
    expect(quoteExactTonnes(pool, 'buy', 10n).cashCents).toBe(10_133n);
  });
});

describe('when every provider has withdrawn', () => {
  const empty = removeLiquidity(pool, pool.totalLpUnits).poolAfter;

  it('refuses every quote', () => {
    expect(() => quoteBuyCredits(empty, 1n)).toThrow(EmptyPoolError);
    expect(() => quoteSellCredits(empty, 1n)).toThrow(EmptyPoolError);
    expect(() => quoteBuyWithCash(empty, 100n)).toThrow(EmptyPoolError);
  });
});
