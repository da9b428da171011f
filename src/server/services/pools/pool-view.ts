import { displayPriceCents, isEmptyPool, spotPrice } from '@/domain/amm/pool-state';
import { removeLiquidity } from '@/domain/amm/remove-liquidity';
import type { SwapQuote as DomainQuote } from '@/domain/amm/quote-swap';
import { divFloor, formatCents } from '@/domain/money';
import { POOL_FEE_RATE, type Pool, type SwapQuote } from '@/shared/schemas/pool';
import type { PoolRecord } from './read-pool-context';

/**
 * The API view of a pool. `yourLpUnits` is null when nobody is signed in; a signed-in user without a position
 * sees 0. `yourValue` is what withdrawing every unit would pay now (rounded down like the withdrawal) with the
 * tonnes valued at the exact spot ratio, rounded down.
 */
export function toPoolView(pool: PoolRecord, yourLpUnits: bigint | null): Pool {
  const { state } = pool;
  const base = {
    id: pool.id,
    projectId: pool.projectId,
    creditReserve: Number(state.creditReserve),
    tokenReserve: formatCents(state.cashReserveCents),
    currentPrice: formatCents(isEmptyPool(state) ? 0n : displayPriceCents(spotPrice(state))),
    totalLiquidity: Number(state.totalLpUnits),
    feeRate: POOL_FEE_RATE,
    createdAt: pool.createdAt.toISOString(),
  } as const;
  if (yourLpUnits === null) {
    return { ...base, yourLpUnits: null, yourShare: null, yourValue: null, yourCreditAmount: null, yourTokenAmount: null };
  }
  const share = yourLpUnits === 0n ? null : removeLiquidity(state, yourLpUnits);
  const creditTonnes = share?.creditTonnes ?? 0n;
  const cashCents = share?.cashCents ?? 0n;
  const creditValueCents = creditTonnes === 0n ? 0n : divFloor(creditTonnes * state.cashReserveCents, state.creditReserve);
  return {
    ...base,
    yourLpUnits: Number(yourLpUnits),
    // Hundredths of a percent, rounded down, shown as a percentage with 2 decimals.
    yourShare: formatCents(state.totalLpUnits === 0n ? 0n : divFloor(yourLpUnits * 10_000n, state.totalLpUnits)),
    yourValue: formatCents(cashCents + creditValueCents),
    yourCreditAmount: Number(creditTonnes),
    yourTokenAmount: formatCents(cashCents),
  };
}

/** The API view of a domain quote; amounts in and out carry the unit of their side (dollars or tonnes). */
export function toQuoteView(quote: DomainQuote): SwapQuote {
  const cash = formatCents(quote.cashCents);
  const tonnes = quote.creditsTonnes.toString();
  const buying = quote.side === 'buy';
  return {
    side: quote.side,
    quantity: Number(quote.creditsTonnes),
    amountIn: buying ? cash : tonnes,
    amountOut: buying ? tonnes : cash,
    total: cash,
    fee: formatCents(quote.feeCents),
    feeRate: POOL_FEE_RATE,
    averagePrice: formatCents(quote.averagePriceCents ?? 0n),
    priceImpactBps: Number(quote.priceImpactBps ?? 0n),
    spotPrice: formatCents(displayPriceCents(quote.spotPriceBefore)),
    priceAfter: formatCents(quote.marginalPriceAfterCents),
  };
}
