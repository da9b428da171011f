import type { ReactNode } from 'react';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '../../../components/ui/table';

interface MarketTableProps {
  /** The table's accessible name. */
  label: string;
  /** Lead with a Time column (recent trades); the order book has none. */
  withTime?: boolean;
  /** The rows, one cell per column. */
  children: ReactNode;
}

/** The public market tables of the trading page: price, quantity and total per row. */
export function MarketTable({ label, withTime = false, children }: MarketTableProps) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          {withTime && <TableHead>Time</TableHead>}
          <TableHead>Price</TableHead>
          <TableHead className="text-right">Quantity</TableHead>
          <TableHead className="text-right">Total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
