import type { SwapQuote, SwapSide } from './quote-swap';
import { ConflictError, InsufficientCreditsError, RefusedError } from '@/domain/errors';
import { formatCents } from '@/domain/money';

// The refusals a swap can meet, shared by the single swap of a routed market order (`swapIn`) and the swap desk's
// batches (`SwapBatchLedger`) so that both answer the same status and message. Each throws before anything moves.

/** 409 when the quote breaches the taker's slippage bound: a buy costing more than `limitCents`, a sell paying less. */
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

/** 422 when a buy costs more cash than the taker has. */
export function refuseUnaffordable(side: SwapSide, quote: SwapQuote, cashCents: bigint): void {
  if (side !== 'buy' || cashCents >= quote.cashCents) return;
  throw new RefusedError(`Insufficient funds: this swap costs $${formatCents(quote.cashCents)} and your cash balance is $${formatCents(cashCents)}`, {
    balanceCents: cashCents, requiredCents: quote.cashCents,
  });
}

/** 422 when a seller holds fewer active tonnes of the project than the swap sells. */
export function insufficientCreditsToSell(heldTonnes: number, requestedTonnes: number): InsufficientCreditsError {
  return new InsufficientCreditsError(`You hold only ${heldTonnes} active credits of this project (requested ${requestedTonnes})`, {
    availableTonnes: heldTonnes, requestedTonnes,
  });
}
