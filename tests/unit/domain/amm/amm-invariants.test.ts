import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLiquidity } from '@/domain/amm/add-liquidity';
import { AmmError } from '@/domain/amm/amm-error';
import { createPool } from '@/domain/amm/create-pool';
import { reserveProduct, type PoolState } from '@/domain/amm/pool-state';
import { quoteBuyCredits, quoteBuyWithCash, quoteSellCredits } from '@/domain/amm/quote-swap';
import { removeLiquidity } from '@/domain/amm/remove-liquidity';

// Small and large pools: thin pools are where rounding bites hardest.
const poolArb = fc
  .tuple(
    fc.oneof(fc.bigInt({ min: 2n, max: 50n }), fc.bigInt({ min: 2n, max: 10n ** 9n })),
    fc.oneof(fc.bigInt({ min: 1n, max: 10_000n }), fc.bigInt({ min: 1n, max: 10n ** 12n })),
  )
  .map(([creditTonnes, cashCents]) => createPool(creditTonnes, cashCents));
const amountArb = fc.oneof(fc.bigInt({ min: 1n, max: 100n }), fc.bigInt({ min: 1n, max: 10n ** 10n }));

/** A buyable quantity: 1 … creditReserve − 1. */
const buyable = (pool: PoolState, raw: bigint) => 1n + ((raw - 1n) % (pool.creditReserve - 1n));

/** √k₁/L₁ ≤ √k₂/L₂, compared exactly as k₁·L₂² ≤ k₂·L₁². */
const sqrtKPerLpNotDecreased = (before: PoolState, after: PoolState) =>
  reserveProduct(before) * after.totalLpUnits ** 2n <= reserveProduct(after) * before.totalLpUnits ** 2n;

describe('swap invariants', () => {
  it('never decreases k, and moves exactly the quoted amounts', () => {
    fc.assert(
      fc.property(poolArb, amountArb, (pool, raw) => {
        const quotes = [quoteBuyCredits(pool, buyable(pool, raw)), quoteSellCredits(pool, raw), quoteBuyWithCash(pool, raw)];
        for (const quote of quotes) {
          expect(reserveProduct(quote.poolAfter) >= reserveProduct(pool)).toBe(true);
          const sign = quote.side === 'buy' ? 1n : -1n;
          expect(quote.poolAfter.creditReserve).toBe(pool.creditReserve - sign * quote.creditsTonnes);
          expect(quote.poolAfter.cashReserveCents).toBe(pool.cashReserveCents + sign * quote.cashCents);
          expect(quote.poolAfter.totalLpUnits).toBe(pool.totalLpUnits);
        }
      }),
    );
  });

  it('charges at least 0.3% of the cash leg as fee and never a negative price impact', () => {
    fc.assert(
      fc.property(poolArb, amountArb, (pool, raw) => {
        const buy = quoteBuyCredits(pool, buyable(pool, raw));
        expect(buy.feeCents * 1000n >= 3n * buy.cashCents).toBe(true);
        expect(buy.priceImpactBps! > 0n).toBe(true);
        const sell = quoteSellCredits(pool, raw);
        expect(sell.feeCents * 1000n >= 3n * (sell.cashCents + sell.feeCents)).toBe(true);
        expect(sell.cashCents >= 0n && sell.cashCents < pool.cashReserveCents).toBe(true);
        expect(sell.priceImpactBps! > 0n).toBe(true);
      }),
    );
  });

  it('never returns more than was put in by a swap and its reverse', () => {
    fc.assert(
      fc.property(poolArb, amountArb, (pool, raw) => {
        const tonnes = buyable(pool, raw);
        const bought = quoteBuyCredits(pool, tonnes);
        expect(quoteSellCredits(bought.poolAfter, tonnes).cashCents <= bought.cashCents).toBe(true);

        const sold = quoteSellCredits(pool, raw);
        expect(quoteBuyCredits(sold.poolAfter, raw).cashCents >= sold.cashCents).toBe(true);
        if (sold.cashCents > 0n) expect(quoteBuyWithCash(sold.poolAfter, sold.cashCents).creditsTonnes <= raw).toBe(true);
      }),
    );
  });

  it('buys with a cash budget the most whole tonnes it affords, within the budget', () => {
    fc.assert(
      fc.property(poolArb, amountArb, (pool, budgetCents) => {
        const quote = quoteBuyWithCash(pool, budgetCents);
        expect(quote.cashCents <= budgetCents).toBe(true);
        const next = quote.creditsTonnes + 1n;
        if (next < pool.creditReserve) expect(quoteBuyCredits(pool, next).cashCents > budgetCents).toBe(true);
      }),
    );
  });
});

type Operation = { kind: 'add' | 'remove' | 'buy' | 'sell'; provider: number; a: bigint; b: bigint; all: boolean };
const operationArb: fc.Arbitrary<Operation> = fc.record({
  kind: fc.constantFrom('add', 'remove', 'buy', 'sell'),
  provider: fc.integer({ min: 0, max: 3 }),
  a: amountArb,
  b: amountArb,
  all: fc.boolean(),
});

describe('liquidity invariants', () => {
  it('keeps LP units summed over providers equal to the total, √k per unit non-decreasing and reserves conserved', () => {
    fc.assert(
      fc.property(poolArb, fc.array(operationArb, { maxLength: 40 }), (seed, operations) => {
        let pool = seed;
        const lpUnits = [seed.totalLpUnits, 0n, 0n, 0n];
        let creditsIn = seed.creditReserve; // net tonnes that entered the pool from outside
        let cashIn = seed.cashReserveCents;
        for (const operation of operations) {
          const before = pool;
          try {
            const moved = apply(pool, operation, lpUnits[operation.provider]);
            if (!moved) continue;
            pool = moved.poolAfter;
            lpUnits[operation.provider] += moved.lpDelta;
            creditsIn += moved.creditsDelta;
            cashIn += moved.cashDelta;
          } catch (error) {
            if (!(error instanceof AmmError)) throw error;
            continue;
          }
          expect(lpUnits.reduce((sum, units) => sum + units, 0n)).toBe(pool.totalLpUnits);
          expect([pool.creditReserve, pool.cashReserveCents]).toEqual([creditsIn, cashIn]);
          const empty = pool.totalLpUnits === 0n;
          expect(empty ? pool.creditReserve === 0n && pool.cashReserveCents === 0n : pool.creditReserve > 0n && pool.cashReserveCents > 0n).toBe(true);
          if (before.totalLpUnits > 0n && !empty) expect(sqrtKPerLpNotDecreased(before, pool)).toBe(true);
        }
      }),
    );
  });

  it('never gives a provider back more than they deposited when no trade happened in between', () => {
    fc.assert(
      fc.property(poolArb, amountArb, amountArb, (pool, creditTonnes, cashCents) => {
        let added;
        try {
          added = addLiquidity(pool, creditTonnes, cashCents);
        } catch (error) {
          if (error instanceof AmmError) return;
          throw error;
        }
        expect(added.creditTonnes <= creditTonnes && added.cashCents <= cashCents).toBe(true);
        const removed = removeLiquidity(added.poolAfter, added.lpUnits);
        expect(removed.creditTonnes <= added.creditTonnes).toBe(true);
        expect(removed.cashCents <= added.cashCents).toBe(true);
      }),
    );
  });
});

/** Applies one operation; returns null when it does not apply (nothing to remove, pool empty or too thin). */
function apply(pool: PoolState, operation: Operation, providerUnits: bigint) {
  const { kind, a, b } = operation;
  if (kind === 'add') {
    const added = addLiquidity(pool, a, b);
    return { poolAfter: added.poolAfter, lpDelta: added.lpUnits, creditsDelta: added.creditTonnes, cashDelta: added.cashCents };
  }
  if (kind === 'remove') {
    if (providerUnits === 0n) return null;
    const units = operation.all ? providerUnits : 1n + ((a - 1n) % providerUnits);
    const removed = removeLiquidity(pool, units);
    return { poolAfter: removed.poolAfter, lpDelta: -units, creditsDelta: -removed.creditTonnes, cashDelta: -removed.cashCents };
  }
  if (pool.creditReserve < 2n) return null;
  const quote = kind === 'buy' ? quoteBuyCredits(pool, buyable(pool, a)) : quoteSellCredits(pool, a);
  const sign = kind === 'buy' ? -1n : 1n;
  return { poolAfter: quote.poolAfter, lpDelta: 0n, creditsDelta: sign * quote.creditsTonnes, cashDelta: -sign * quote.cashCents };
}
