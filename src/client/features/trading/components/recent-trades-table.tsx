import { TableCell, TableRow } from '@/client/components/ui/table';
import { formatInteger, formatUsd } from '@/client/lib/format';
import { useRecentTrades } from '@/client/features/trading/hooks/use-market-data';
import { MarketTable } from './market-table';
import { TableEmpty, TableLoading } from './table-states';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * SPEC.md §2 Recent Trades: time, price, quantity and total of the latest 50 trades, newest first; a table from
 * sm up, one card per trade on phones (where four columns would cut off the total).
 */
export function RecentTradesTable({ projectId }: { projectId: number | null }) {
  const trades = useRecentTrades(projectId);
  if (trades.isLoading || projectId === null) return <TableLoading />;
  if (!trades.data || trades.data.length === 0) return <TableEmpty>No recent trades</TableEmpty>;
  return (
    <>
      <ul className="divide-y divide-border sm:hidden" aria-label="Recent trades">
        {trades.data.map((trade) => (
          <li key={trade.id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 py-2.5 text-sm">
            <span className="font-semibold tabular">{formatUsd(trade.pricePerCredit)} × {formatInteger(trade.quantity)} t</span>
            <span className="text-right font-medium tabular">{formatUsd(trade.totalValue)}</span>
            <time className="text-xs text-muted-foreground tabular" dateTime={trade.createdAt}>{timeOf(trade.createdAt)}</time>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <MarketTable label="Recent trades" withTime>
          {trades.data.map((trade) => (
            <TableRow key={trade.id}>
              <TableCell className="tabular text-muted-foreground"><time dateTime={trade.createdAt}>{timeOf(trade.createdAt)}</time></TableCell>
              <TableCell className="font-semibold tabular">{formatUsd(trade.pricePerCredit)}</TableCell>
              <TableCell className="text-right tabular">{formatInteger(trade.quantity)}</TableCell>
              <TableCell className="text-right tabular">{formatUsd(trade.totalValue)}</TableCell>
            </TableRow>
          ))}
        </MarketTable>
      </div>
    </>
  );
}
