import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';

interface MarketTableProps {
  /** The table's accessible name. */
  label: string;
  /** Lead with a Time column (recent trades); the order book has none. */
  withTime?: boolean;
  /** Dense rows and headers (the always-visible order book). */
  compact?: boolean;
  /** The rows, one cell per column. */
  children: ReactNode;
}

/** The public market tables of the trading page: price, quantity and total per row. */
export function MarketTable({ label, withTime = false, compact = false, children }: MarketTableProps) {
  const head = compact ? 'h-8 px-2' : undefined;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          {withTime && <TableHead className={head}>Time</TableHead>}
          <TableHead className={head}>Price</TableHead>
          <TableHead className={cn('text-right', head)}>Quantity</TableHead>
          <TableHead className={cn('text-right', head)}>Total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
