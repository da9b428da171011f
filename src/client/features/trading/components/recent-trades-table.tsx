import { TableCell, TableRow } from '../../../components/ui/table';
import { formatInteger, formatUsd } from '../../../lib/format';
import { useRecentTrades } from '../hooks/use-market-data';
import { MarketTable } from './market-table';
import { TableEmpty, TableLoading } from './table-states';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** SPEC.md §2 Recent Trades tab: time, price, quantity and total of the latest 50 trades, newest first. */
export function RecentTradesTable({ projectId }: { projectId: number | null }) {
  const trades = useRecentTrades(projectId);
  if (trades.isLoading || projectId === null) return <TableLoading />;
  if (!trades.data || trades.data.length === 0) return <TableEmpty>No recent trades</TableEmpty>;
  return (
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
  );
}
