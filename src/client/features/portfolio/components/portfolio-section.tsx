import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadError, type LoadFailure } from '@/client/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatInteger } from '@/client/lib/format';
import { PORTFOLIO_ROWS_STEP, type RowsShown } from '@/client/features/portfolio/hooks/use-portfolio-data';
import { Table, TableBody, TableHeader, TableRow } from '@/client/components/ui/table';

interface PortfolioSectionProps {
  /** The card heading, also the table's accessible name. */
  title: string;
  description: string;
  loading: boolean;
  /** Set when the list failed to load: an error with Retry, never an empty list. */
  failure?: LoadFailure | null;
  skeletonRows: number;
  isEmpty: boolean;
  emptyIcon: LucideIcon;
  emptyMessage: string;
  /** The layout below md. */
  cards: ReactNode;
  /** The table's `TableHead` cells, shown from md up. */
  columns: ReactNode;
  /** The table's rows. */
  children: ReactNode;
  /** How many of the list's rows are drawn and how many there are, and what loads the next page. */
  more?: RowsShown;
}

/** A portfolio card listing credits: a skeleton while loading, a message when empty, else cards below md and a table from md up. */
export function PortfolioSection({ title, description, loading, failure = null, skeletonRows, isEmpty, emptyIcon: EmptyIcon, emptyMessage, cards, columns, children, more }: PortfolioSectionProps) {
  let body;
  if (loading) {
    body = (
      <div className="grid gap-3 px-5 sm:px-6">
        {Array.from({ length: skeletonRows }, (_, row) => <Skeleton key={row} className="h-12 w-full" />)}
      </div>
    );
  } else if (failure) {
    body = <div className="px-5 sm:px-6"><LoadError message={`Your ${title.toLowerCase()} could not be loaded.`} failure={failure} /></div>;
  } else if (isEmpty) {
    body = (
      <div className="flex flex-col items-center gap-2 px-6 py-10 text-center text-muted-foreground">
        <EmptyIcon className="size-8 text-emerald-600" aria-hidden="true" />
        <p>{emptyMessage}</p>
      </div>
    );
  } else {
    body = (
      <>
        {cards}
        <div className="hidden md:block">
          <Table aria-label={title}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">{columns}</TableRow>
            </TableHeader>
            <TableBody>{children}</TableBody>
          </Table>
        </div>
        {more && more.shown < more.total && (
          <div className="flex flex-col items-center gap-1 border-t px-5 pt-4 text-sm text-muted-foreground sm:px-6">
            <Button variant="outline" size="sm" onClick={more.showMore} disabled={more.loadingMore}>
              {more.loadingMore ? 'Loading…' : `Show ${formatInteger(Math.min(PORTFOLIO_ROWS_STEP, more.total - more.shown))} more`}
            </Button>
            <span>{formatInteger(more.shown)} of {formatInteger(more.total)} shown</span>
          </div>
        )}
      </>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">{body}</CardContent>
    </Card>
  );
}
