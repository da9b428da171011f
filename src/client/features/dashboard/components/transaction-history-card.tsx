import { ArrowLeftRight, ArrowRight, Flame, History, ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import type { Transaction } from '@/shared/schemas/transaction';
import { DASHBOARD_LIST_SIZE } from '@/shared/constants';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { LoadError, type LoadFailure } from '@/client/components/load-error';
import { cn } from '@/client/lib/cn';
import { formatDate, formatUsd, humanize, pluralize } from '@/client/lib/format';
import { EmptyList, ListSkeleton } from './list-states';

/** SPEC.md §2: purchase icons are green, retirement red, anything else blue. */
function transactionIcon(type: string) {
  if (type === 'purchase') return { Icon: ShoppingCart, tone: 'bg-emerald-50 text-emerald-700' };
  if (type === 'retirement') return { Icon: Flame, tone: 'bg-red-50 text-red-700' };
  return { Icon: ArrowLeftRight, tone: 'bg-sky-50 text-sky-700' };
}

/** SPEC.md §2: the first three transactions with type, date, quantity and total (0.00 when missing). */
export function TransactionHistoryCard({ transactions, loading, failure = null }: { transactions: Transaction[]; loading: boolean; failure?: LoadFailure | null }) {
  const shown = transactions.slice(0, DASHBOARD_LIST_SIZE);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <CardTitle as="h2">Transaction History</CardTitle>
          <CardDescription>Your most recent purchases, retirements and trades</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link href="/activity">
            View all activity
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {loading ? (
          <ListSkeleton />
        ) : failure ? (
          <LoadError message="Your transactions could not be loaded." failure={failure} />
        ) : shown.length === 0 ? (
          <EmptyList icon={<History className="size-6" aria-hidden="true" />}>No transactions yet</EmptyList>
        ) : (
          <ul className="divide-y divide-border">
            {shown.map((transaction) => {
              const { Icon, tone } = transactionIcon(transaction.type);
              return (
                <li key={transaction.id} className="flex items-center gap-3 py-3">
                  <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)} data-transaction-type={transaction.type}>
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">{humanize(transaction.type)}</p>
                    <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" data-testid="transaction-project">
                      <time dateTime={transaction.createdAt}>{formatDate(transaction.createdAt)}</time>
                      {transaction.projectName ? ` · ${transaction.projectName}` : ''}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end">
                    <span className="font-semibold text-slate-900 tabular">{formatUsd(transaction.totalAmount ?? '0.00')}</span>
                    <span className="text-sm text-muted-foreground tabular">
                      {pluralize(transaction.quantity, 'credit')}
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
