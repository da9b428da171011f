import { ORDER_BOOK_DEPTH } from '../../../../shared/constants';
import type { OrderBookLevel } from '../../../../shared/schemas/trading';
import { TableCell, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatInteger, formatUsd, toCents } from '../../../lib/format';
import { formatCents } from '../../../../domain/money';
import { useOrderBook } from '../hooks/use-market-data';
import { MarketTable } from './market-table';
import { TableEmpty, TableLoading } from './table-states';

/**
 * SPEC.md §2 Order Book tab: the 10 best sell levels (best nearest the middle), the spread (or N/A when a side is
 * empty), then the 10 best buy levels; each with price, remaining quantity and total.
 */
export function OrderBookTable({ projectId }: { projectId: number | null }) {
  const book = useOrderBook(projectId);
  if (book.isLoading || projectId === null) return <TableLoading />;
  const sells = (book.data?.sellOrders ?? []).slice(0, ORDER_BOOK_DEPTH);
  const buys = (book.data?.buyOrders ?? []).slice(0, ORDER_BOOK_DEPTH);
  if (sells.length === 0 && buys.length === 0) return <TableEmpty>No order book data available</TableEmpty>;
  return (
    <MarketTable label="Order book">
      {[...sells].reverse().map((level) => <LevelRow key={`sell-${level.pricePerCredit}`} level={level} side="sell" />)}
      <TableRow className="bg-slate-50 hover:bg-slate-50">
        <TableCell colSpan={3} className="py-2 text-center text-xs font-medium text-muted-foreground" data-testid="spread">
          Spread: {spread(sells[0], buys[0])}
        </TableCell>
      </TableRow>
      {buys.map((level) => <LevelRow key={`buy-${level.pricePerCredit}`} level={level} side="buy" />)}
    </MarketTable>
  );
}

function LevelRow({ level, side }: { level: OrderBookLevel; side: 'buy' | 'sell' }) {
  return (
    <TableRow data-side={side}>
      <TableCell className={cn('font-semibold tabular', side === 'buy' ? 'text-emerald-700' : 'text-red-700')}>{formatUsd(level.pricePerCredit)}</TableCell>
      <TableCell className="text-right tabular">{formatInteger(level.remainingQuantity)}</TableCell>
      <TableCell className="text-right tabular">{formatUsd(level.total)}</TableCell>
    </TableRow>
  );
}

/** Best ask − best bid, in exact cents; N/A while either side is empty. */
export function spread(bestAsk: OrderBookLevel | undefined, bestBid: OrderBookLevel | undefined): string {
  const ask = bestAsk ? toCents(bestAsk.pricePerCredit) : null;
  const bid = bestBid ? toCents(bestBid.pricePerCredit) : null;
  return ask === null || bid === null ? 'N/A' : formatUsd(formatCents(ask - bid));
}
