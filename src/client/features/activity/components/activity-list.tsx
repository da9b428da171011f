import { ArrowLeftRight, Droplets, Flame, History, Repeat, ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import type { Transaction, TransactionType } from '@/shared/schemas/transaction';
import { cn } from '@/client/lib/cn';
import { formatDateTimeUtc, formatUsd, pluralize } from '@/client/lib/format';
import { TRANSACTION_LABELS } from '@/client/features/activity/lib/transaction-labels';

/** SPEC.md §2 colours: purchases green, retirements red, anything else blue. */
function transactionIcon(type: TransactionType) {
  if (type === 'purchase') return { Icon: ShoppingCart, tone: 'bg-emerald-50 text-emerald-700' };
  if (type === 'retirement') return { Icon: Flame, tone: 'bg-red-50 text-red-700' };
  if (type === 'swap_buy' || type === 'swap_sell') return { Icon: Repeat, tone: 'bg-sky-50 text-sky-700' };
  if (type === 'liquidity_add' || type === 'liquidity_remove') return { Icon: Droplets, tone: 'bg-sky-50 text-sky-700' };
  return { Icon: ArrowLeftRight, tone: 'bg-sky-50 text-sky-700' };
}

/** The rows of one page: what, which project, when, how many tonnes, the amount and fee, and the certificate. */
export function ActivityList({ transactions }: { transactions: readonly Transaction[] }) {
  if (transactions.length === 0) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-white px-6 py-14 text-center">
        <History className="size-6 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-900">No transactions match</p>
        <p className="text-sm text-muted-foreground">Purchases, trades, swaps, pool changes and retirements appear here.</p>
      </div>
    );
  }
  return (
    <ul aria-label="Transactions" className="divide-y divide-border rounded-xl border border-border bg-white shadow-xs">
      {transactions.map((transaction) => {
        const { Icon, tone } = transactionIcon(transaction.type);
        return (
          <li key={transaction.id} className="grid grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-1 px-4 py-3 sm:px-5" data-transaction-type={transaction.type}>
            <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{TRANSACTION_LABELS[transaction.type]}</p>
              {transaction.projectName && (
                <p className="text-sm [overflow-wrap:anywhere]">
                  {transaction.projectId !== null ? (
                    <Link href={`/projects/${transaction.projectId}`} className="text-emerald-800 underline-offset-2 hover:underline">{transaction.projectName}</Link>
                  ) : transaction.projectName}
                </p>
              )}
              <p className="text-sm text-muted-foreground">
                <time dateTime={transaction.createdAt}>{formatDateTimeUtc(transaction.createdAt)}</time>
              </p>
              {transaction.certificateId && (
                <p className="text-sm">
                  <Link href={`/certificates/${transaction.certificateId}`} className="text-emerald-800 underline-offset-2 hover:underline">
                    Certificate <span className="whitespace-nowrap font-mono text-xs">{transaction.certificateId}</span>
                  </Link>
                </p>
              )}
            </div>
            <div className="flex flex-col items-end text-right">
              {/* A retirement moves no money: it shows what it did, not $0.00. */}
              {transaction.type === 'retirement'
                ? <span className="font-semibold text-red-700">Retired</span>
                : <span className="font-semibold text-slate-900 tabular">{formatUsd(transaction.totalAmount)}</span>}
              <span className="text-sm text-muted-foreground tabular">{pluralize(transaction.quantity, 'credit')}</span>
              {transaction.feeAmount !== '0.00' && <span className="text-xs text-muted-foreground tabular">fee {formatUsd(transaction.feeAmount)}</span>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
