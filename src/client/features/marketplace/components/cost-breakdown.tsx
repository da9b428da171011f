import type { PurchaseCost } from '@/domain/fees';
import { cn } from '@/client/lib/cn';
import { formatUsdCents } from '@/client/lib/format';

/** Subtotal, the 2% platform fee and the total, all from integer cents (domain/fees.ts). */
export function CostBreakdown({ cost }: { cost: PurchaseCost }) {
  return (
    <dl className="space-y-2 rounded-lg border border-border bg-slate-50 p-4 text-sm" aria-live="polite">
      <CostLine label="Subtotal" cents={cost.subtotalCents} testId="buy-subtotal" />
      <CostLine label="Platform fee (2%)" cents={cost.feeCents} testId="buy-fee" />
      <CostLine label="Total" cents={cost.totalCents} testId="buy-total" isTotal />
    </dl>
  );
}

interface CostLineProps {
  label: string;
  cents: bigint;
  testId: string;
  /** The last line: ruled off above and set larger. */
  isTotal?: boolean;
}

function CostLine({ label, cents, testId, isTotal = false }: CostLineProps) {
  return (
    <div className={cn('flex items-center justify-between gap-4', isTotal && 'border-t border-border pt-2')}>
      <dt className={isTotal ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd className={cn(isTotal ? 'text-lg font-bold' : 'font-medium', 'text-slate-900 tabular')} data-testid={testId}>
        {formatUsdCents(cents)}
      </dd>
    </div>
  );
}
