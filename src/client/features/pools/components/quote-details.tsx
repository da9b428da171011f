import { POOL_FEE_PERCENT, type SwapQuote, type SwapSide } from '../../../../shared/schemas/pool';
import { formatInteger, formatUsd } from '../../../lib/format';

interface QuoteDetailsProps {
  side: SwapSide;
  quote: SwapQuote | undefined;
  loading: boolean;
  error: string | null;
  /** The bound the swap will be sent with, in dollars, or null while none can be computed. */
  bound: string | null;
}

/** The live quote: what goes in and out, the 0.3% fee, the price impact and the price after the swap. */
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
  const rows: Array<[string, string]> = [
    ['You pay', buying ? formatUsd(quote.amountIn) : `${formatInteger(Number(quote.amountIn))} credits`],
    ['You receive', buying ? `${formatInteger(Number(quote.amountOut))} credits` : formatUsd(quote.amountOut)],
    [`Fee (${POOL_FEE_PERCENT}%)`, formatUsd(quote.fee)],
    ['Average price per credit', formatUsd(quote.averagePrice)],
    ['Price impact', `${(quote.priceImpactBps / 100).toFixed(2)}%`],
    ['Price after', formatUsd(quote.priceAfter)],
  ];
  if (bound) rows.push([buying ? 'Maximum you pay' : 'Minimum you receive', formatUsd(bound)]);
  return (
    <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-slate-50/60 text-sm" aria-label="Swap quote" aria-live="polite" aria-busy={loading}>
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-center justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium tabular text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
