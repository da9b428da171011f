import { Loader2, TriangleAlert } from 'lucide-react';
import type { MarketOrderQuote } from '@/shared/schemas/trading';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { errorMessage } from '@/client/lib/api';
import { formatUsd, pluralize } from '@/client/lib/format';
import { ownOrderWords, venueWords } from '@/client/features/trading/hooks/market-order-outcome';
import { useMarketOrderQuote, type MarketOrderRequest } from '@/client/features/trading/hooks/use-market-order-quote';

interface MarketOrderDialogProps {
  /** The order to confirm; null: closed. */
  request: MarketOrderRequest | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (quote: MarketOrderQuote) => void;
}

/**
 * The preview a market order gets before it is sent: what would fill, the expected average price and total, where
 * (book, pool or both) and the slippage from the best price, from GET /api/trading/market-order/quote — the same
 * plan the execution uses. It says when one's own resting order stops the book.
 */
export function MarketOrderDialog({ request, pending, onCancel, onConfirm }: MarketOrderDialogProps) {
  const quote = useMarketOrderQuote(request);
  const buying = request?.orderType === 'buy';
  const action = buying ? 'Market Buy' : 'Market Sell';
  const data = quote.data;
  return (
    <Dialog open={request !== null} onOpenChange={(open) => { if (!open && !pending) onCancel(); }}>
      <DialogContent className="max-w-md" aria-describedby="market-preview-description">
        <DialogHeader>
          <DialogTitle>{action} · {pluralize(request?.quantity ?? 0, 'credit')}</DialogTitle>
          <DialogDescription id="market-preview-description">
            Expected figures at current prices; a market order takes what the book and the pool offer when it arrives.
          </DialogDescription>
        </DialogHeader>
        {quote.isLoading && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status"><Loader2 className="size-4 animate-spin" aria-hidden="true" />Pricing your order…</p>
        )}
        {quote.isError && <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">{errorMessage(quote.error)}</p>}
        {data && <QuoteFigures quote={data} />}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>Cancel</Button>
          <Button
            className={buying ? undefined : 'bg-red-600 hover:bg-red-700'}
            disabled={pending || !data || data.quantity === 0}
            onClick={() => data && onConfirm(data)}
          >
            {pending ? 'Executing...' : `Confirm ${action}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function QuoteFigures({ quote }: { quote: MarketOrderQuote }) {
  const own = ownOrderWords(quote.ownOrder, quote.orderType, 'before');
  if (quote.quantity === 0) {
    const missing = quote.orderType === 'buy' ? 'sell orders or pool liquidity to buy from' : 'buy orders or pool liquidity to sell to';
    return (
      <div className="space-y-2 text-sm" data-testid="market-preview">
        <p className="rounded-lg bg-slate-50 p-3 text-slate-800">Nothing would fill: there are no {missing}{quote.ownOrder ? ' other than your own order' : ''}.</p>
        {own && <OwnOrderNote text={own} />}
      </div>
    );
  }
  const split = quote.venue === 'both' ? ` (book ${pluralize(quote.book.quantity, 'credit')}, pool ${pluralize(quote.pool.quantity, 'credit')})` : '';
  const rows: Array<[string, string, string]> = [
    ['Fills', quote.unfilled === 0 ? pluralize(quote.quantity, 'credit') : `${pluralize(quote.quantity, 'credit')} of ${pluralize(quote.requestedQuantity, 'credit')}`, 'preview-quantity'],
    ['Where', `${venueWords(quote.venue).replace(/^from the /, '')}${split}`, 'preview-venue'],
    ['Expected average price', formatUsd(quote.averagePrice), 'preview-average'],
    ['Best price now', formatUsd(quote.bestPrice), 'preview-best'],
    ['Slippage', `${quote.slippagePercent}%`, 'preview-slippage'],
    [quote.orderType === 'buy' ? 'Expected total cost' : 'Expected proceeds', formatUsd(quote.total), 'preview-total'],
  ];
  return (
    <div className="space-y-3" data-testid="market-preview">
      <dl className="divide-y divide-border rounded-lg border border-border text-sm">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 px-3 py-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-semibold tabular text-slate-900" data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      {quote.unfilled > 0 && (
        <p className="text-sm text-slate-700">
          The other {pluralize(quote.unfilled, 'credit')} would be cancelled: {quote.limitedBy === 'cash' ? 'your cash balance pays for no more' : 'the book and the pool offer no more'}.
        </p>
      )}
      {own && <OwnOrderNote text={own} />}
    </div>
  );
}

function OwnOrderNote({ text }: { text: string }) {
  return (
    <p className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="preview-own-order">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
