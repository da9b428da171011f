import type { PurchaseCost } from '../../../../domain/fees';
import { formatUsdCents } from '../../../lib/format';

/** Subtotal, the 2% platform fee and the total, all from integer cents (domain/fees.ts). */
export function CostBreakdown({ cost }: { cost: PurchaseCost }) {
  return (
    <dl className="space-y-2 rounded-lg border border-border bg-slate-50 p-4 text-sm" aria-live="polite">
      <div className="flex items-center justify-between gap-4">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="font-medium text-slate-900 tabular" data-testid="buy-subtotal">
          {formatUsdCents(cost.subtotalCents)}
        </dd>
      </div>
      <div className="flex items-center justify-between gap-4">
        <dt className="text-slate-600">Platform fee (2%)</dt>
        <dd className="font-medium text-slate-900 tabular" data-testid="buy-fee">
          {formatUsdCents(cost.feeCents)}
        </dd>
      </div>
      <div className="flex items-center justify-between gap-4 border-t border-border pt-2">
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="text-lg font-bold text-slate-900 tabular" data-testid="buy-total">
          {formatUsdCents(cost.totalCents)}
        </dd>
      </div>
    </dl>
  );
}
