import { Banknote } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { formatUsd } from '@/client/lib/format';

/** The user's demo cash balance (DESIGN.md: new accounts start with $50,000.00), always visible in the bar. */
export function CashBalance({ amount, className }: { amount: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border border-emerald-200 bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-900 tabular sm:text-sm',
        className,
      )}
      title="Demo cash balance"
    >
      <Banknote className="size-4 shrink-0 text-emerald-700" aria-hidden="true" />
      <span className="sr-only">Demo cash balance: </span>
      {/* Never cut: the bar gives it room on phones by showing the logo's mark alone. */}
      <span data-testid="header-cash-balance">{formatUsd(amount)}</span>
    </span>
  );
}
