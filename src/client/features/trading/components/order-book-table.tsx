import { ArrowDown, ArrowUp } from 'lucide-react';
import { ORDER_BOOK_DEPTH } from '@/shared/constants';
import type { Order, OrderBookLevel, OrderType, Trade } from '@/shared/schemas/trading';
import { TableCell, TableRow } from '@/client/components/ui/table';
import { cn } from '@/client/lib/cn';
import { formatInteger, formatUsd, toCents } from '@/client/lib/format';
import { formatCents } from '@/domain/money';
import { bookDepth, type DepthLevel } from '@/client/features/trading/hooks/book-depth';
import { useOrderBook, useRecentTrades } from '@/client/features/trading/hooks/use-market-data';
import { useMyOrders } from '@/client/features/trading/hooks/use-my-trading';
import { isLive, isWaitingStop } from '@/client/features/trading/hooks/order-terms';
import { useAuth } from '@/client/hooks/use-auth';
import { MarketTable } from './market-table';
import { TableEmpty, TableLoading } from './table-states';

interface OrderBookTableProps {
  projectId: number | null;
  /** A click on a level fills the order form with its price (and size, when the form has none). */
  onLevelClick?: (level: { side: OrderType; pricePerCredit: string; remainingQuantity: number }) => void;
}

/**
 * SPEC.md §2 order book: the 10 best sell levels (best nearest the middle), the last trade price and the spread
 * (or N/A when a side is empty), then the 10 best buy levels; each with price, remaining quantity, total and a
 * depth bar of the cumulative tonnes. Levels holding the signed-in user's own orders are marked: a market order
 * never trades with them. Clicking a level fills the order form.
 */
export function OrderBookTable({ projectId, onLevelClick }: OrderBookTableProps) {
  const book = useOrderBook(projectId);
  const trades = useRecentTrades(projectId);
  const { user } = useAuth();
  const own = ownTonnesByLevel(useMyOrders(user !== null).data, projectId);
  if (book.isLoading || projectId === null) return <TableLoading />;
  const sells = (book.data?.sellOrders ?? []).slice(0, ORDER_BOOK_DEPTH);
  const buys = (book.data?.buyOrders ?? []).slice(0, ORDER_BOOK_DEPTH);
  if (sells.length === 0 && buys.length === 0) return <TableEmpty>No order book data available</TableEmpty>;
  const depth = bookDepth(sells, buys);
  return (
    <MarketTable label="Order book" compact>
      {[...depth.sells].reverse().map((level) => <LevelRow key={`sell-${level.pricePerCredit}`} level={level} side="sell" ownTonnes={own.get(`sell:${level.pricePerCredit}`) ?? 0} onClick={onLevelClick} />)}
      <TableRow className="bg-slate-50 hover:bg-slate-50">
        <TableCell colSpan={3} className="px-2 py-2 text-xs">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <LastPrice trades={trades.data} />
            <span className="font-medium text-muted-foreground" data-testid="spread">Spread: {spread(sells[0], buys[0])}</span>
          </div>
        </TableCell>
      </TableRow>
      {depth.buys.map((level) => <LevelRow key={`buy-${level.pricePerCredit}`} level={level} side="buy" ownTonnes={own.get(`buy:${level.pricePerCredit}`) ?? 0} onClick={onLevelClick} />)}
    </MarketTable>
  );
}

/** The user's resting tonnes per `side:price` level of a project, from their orders (the My Orders query). */
function ownTonnesByLevel(orders: readonly Order[] | null | undefined, projectId: number | null): Map<string, number> {
  const tonnes = new Map<string, number>();
  for (const order of orders ?? []) {
    // A waiting stop is held outside the book: no level holds it yet.
    if (order.projectId !== projectId || !isLive(order) || isWaitingStop(order)) continue;
    const key = `${order.orderType}:${order.pricePerCredit}`;
    tonnes.set(key, (tonnes.get(key) ?? 0) + order.remainingQuantity);
  }
  return tonnes;
}

function LevelRow({ level, side, ownTonnes, onClick }: { level: DepthLevel; side: OrderType; ownTonnes: number; onClick?: OrderBookTableProps['onLevelClick'] }) {
  const fill = () => onClick?.({ side, pricePerCredit: level.pricePerCredit, remainingQuantity: level.remainingQuantity });
  return (
    <TableRow
      data-side={side}
      data-own={ownTonnes > 0 || undefined}
      title={ownTonnes > 0 ? `${formatInteger(ownTonnes)} of these ${formatInteger(level.remainingQuantity)} are your own order: market orders never trade with them` : undefined}
      onClick={onClick ? fill : undefined}
      className={cn('relative border-0', onClick && 'cursor-pointer')}
      // The bar sits behind the cells: cumulative tonnes to this level, on one scale for both sides.
      style={{ backgroundImage: `linear-gradient(to left, ${side === 'buy' ? '#d1fae5' : '#fee2e2'} ${level.depthPercent}%, transparent ${level.depthPercent}%)` }}
    >
      <TableCell className={cn('px-2 py-1.5 font-semibold tabular', side === 'buy' ? 'text-emerald-800' : 'text-red-700')}>
        {onClick ? (
          <button
            type="button"
            className="cursor-pointer rounded-sm tabular hover:underline"
            title={`${side === 'sell' ? 'Buy' : 'Sell'} at ${formatUsd(level.pricePerCredit)}`}
            onClick={(event) => {
              event.stopPropagation();
              fill();
            }}
          >
            {formatUsd(level.pricePerCredit)}
          </button>
        ) : formatUsd(level.pricePerCredit)}
      </TableCell>
      <TableCell className="px-2 py-1.5 text-right tabular">
        {ownTonnes > 0 && (
          <span
            role="img"
            aria-label={`includes your order: ${formatInteger(ownTonnes)} t of`}
            className="mr-1 inline-flex items-center gap-1 rounded bg-amber-100 px-1 align-middle text-[10px] font-semibold uppercase text-amber-900"
            data-testid="own-order-mark"
          >
            <span className="size-1.5 rounded-full bg-amber-600" aria-hidden="true" />You
          </span>
        )}
        {formatInteger(level.remainingQuantity)}
      </TableCell>
      <TableCell className="px-2 py-1.5 text-right tabular">{formatUsd(level.total)}</TableCell>
    </TableRow>
  );
}

/** The latest trade's price, up or down against the trade before it. */
function LastPrice({ trades }: { trades: readonly Trade[] | undefined }) {
  const [last, previous] = trades ?? [];
  if (!last) return <span className="text-muted-foreground" data-testid="last-price">Last: no trades yet</span>;
  const change = previous ? (toCents(last.pricePerCredit) ?? 0n) - (toCents(previous.pricePerCredit) ?? 0n) : 0n;
  const Icon = change < 0n ? ArrowDown : ArrowUp;
  return (
    <span className={cn('flex items-center gap-1 text-sm font-bold tabular', change < 0n ? 'text-red-700' : 'text-emerald-800')} data-testid="last-price">
      <span className="sr-only">Last price</span>
      {formatUsd(last.pricePerCredit)}
      {change !== 0n && <Icon className="size-3.5" aria-label={change < 0n ? 'down' : 'up'} />}
    </span>
  );
}

/** Best ask − best bid, in exact cents; N/A while either side is empty. */
export function spread(bestAsk: OrderBookLevel | undefined, bestBid: OrderBookLevel | undefined): string {
  const ask = bestAsk ? toCents(bestAsk.pricePerCredit) : null;
  const bid = bestBid ? toCents(bestBid.pricePerCredit) : null;
  return ask === null || bid === null ? 'N/A' : formatUsd(formatCents(ask - bid));
}
