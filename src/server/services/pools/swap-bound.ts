import type { SwapQuote, SwapSide } from '../../../domain/amm/quote-swap';
import { ConflictError } from '../../../domain/errors';
import { formatCents } from '../../../domain/money';

/**
 * Refuses (409, before anything moves) a swap whose quote breaches the taker's slippage bound: a buy that would
 * cost more than `limitCents`, or a sell that would pay less. A null bound accepts any price.
 */
export function refuseBreachedBound(swap: { side: SwapSide; quantity: number; limitCents: bigint | null }, quote: SwapQuote): void {
  if (swap.limitCents === null) return;
  const cash = `$${formatCents(quote.cashCents)}`;
  const limit = `$${formatCents(swap.limitCents)}`;
  if (swap.side === 'buy' && quote.cashCents > swap.limitCents) {
    throw new ConflictError(`Slippage limit exceeded: buying ${swap.quantity} t now costs ${cash}, above your maximum of ${limit}`, {
      amountInCents: quote.cashCents, maxAmountInCents: swap.limitCents,
    });
  }
  if (swap.side === 'sell' && quote.cashCents < swap.limitCents) {
    throw new ConflictError(`Slippage limit exceeded: selling ${swap.quantity} t now pays ${cash}, below your minimum of ${limit}`, {
      amountOutCents: quote.cashCents, minAmountOutCents: swap.limitCents,
    });
  }
}
