import { ArrowDown } from 'lucide-react';
import { POOL_FEE_PERCENT, type SwapQuote, type SwapSide } from '@/shared/schemas/pool';
import { formatUsd, pluralize } from '@/client/lib/format';

interface QuoteDetailsProps {
  side: SwapSide;
  quote: SwapQuote | undefined;
  loading: boolean;
  error: string | null;
  /** The bound the swap will be sent with, in dollars, or null while none can be computed. */
  bound: string | null;
}

/**
 * The live quote: "You pay" over "You receive" as the swap's two legs, then the 0.3% fee, the average price, the
 * price impact, the price after the swap and the worst case the slippage bound allows: the minimum received (a
 * sell's cash; a buy receives exactly its tonnes) and, for a buy, the maximum paid.
 */
export function QuoteDetails({ side, quote, loading, error, bound }: QuoteDetailsProps) {
  if (error) return <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">{error}</p>;
  if (!quote) {
    return (
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-muted-foreground" aria-live="polite">
        {loading ? 'Fetching quote…' : 'Enter a quantity to see a quote.'}
      </p>
    );
  }
  const buying = side === 'buy';
  const credits = (amount: string) => pluralize(Number(amount), 'credit');
  const legs: Array<[string, string]> = [
    ['You pay', buying ? formatUsd(quote.amountIn) : credits(quote.amountIn)],
    ['You receive', buying ? credits(quote.amountOut) : formatUsd(quote.amountOut)],
  ];
  const rows: Array<[string, string]> = [
    [`Fee (${POOL_FEE_PERCENT}%)`, formatUsd(quote.fee)],
    ['Average price per credit', formatUsd(quote.averagePrice)],
    ['Price impact', `${(quote.priceImpactBps / 100).toFixed(2)}%`],
    ['Price after', formatUsd(quote.priceAfter)],
  ];
  if (buying) rows.push(['Minimum received', `${credits(quote.amountOut)} (exact)`]);
  if (bound) rows.push(buying ? ['Maximum you pay', formatUsd(bound)] : ['Minimum received', formatUsd(bound)]);
  return (
    <dl className="overflow-hidden rounded-lg border border-slate-200 text-sm" aria-label="Swap quote" aria-live="polite" aria-busy={loading}>
      {legs.map(([label, value], index) => (
        <div key={label} className="relative flex items-baseline justify-between gap-4 bg-slate-50 px-3 py-2.5 first:border-b first:border-slate-200">
          {index === 1 && (
            <ArrowDown className="absolute -top-2.5 left-1/2 size-5 -translate-x-1/2 rounded-full border border-slate-200 bg-white p-0.5 text-slate-500" aria-hidden="true" />
          )}
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-base font-semibold tabular text-slate-900">{value}</dd>
        </div>
      ))}
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-center justify-between gap-4 border-t border-slate-100 px-3 py-1.5">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium tabular text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
