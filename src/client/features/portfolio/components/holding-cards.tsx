import { Badge } from '@/client/components/ui/badge';
import { capitalize, formatDate, formatInteger, formatUsd } from '@/client/lib/format';
import { creditLabel, currentValue, holdingTitle, type PortfolioCredit } from './credit-label';
import { STATUS_VARIANT } from './credit-status';
import { HoldingActions } from './holding-actions';

/** The Credit Holdings on narrow screens: one card per holding instead of a sideways-scrolling table. */
export function HoldingCards({ credits, onRetire }: { credits: readonly PortfolioCredit[]; onRetire: (credit: PortfolioCredit) => void }) {
  return (
    <ul className="divide-y divide-border border-t border-border md:hidden" aria-label="Credit Holdings">
      {credits.map((credit) => (
        <li key={credit.id} className="grid grid-cols-[minmax(0,1fr)] gap-3 px-5 py-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{holdingTitle(credit)}</p>
              <p className="truncate text-xs text-muted-foreground">
                {creditLabel(credit)} · {formatDate(credit.purchaseDate)}
              </p>
            </div>
            <Badge variant={STATUS_VARIANT[credit.status]}>{capitalize(credit.status)}</Badge>
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <Figure label="Quantity" value={formatInteger(credit.quantity)} />
            <Figure label="Purchase Price" value={formatUsd(credit.purchasePrice)} />
            <Figure label="Current Value" value={currentValue(credit)} />
          </dl>
          {credit.status !== 'retired' && <HoldingActions credit={credit} onRetire={onRetire} align="start" />}
        </li>
      ))}
    </ul>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium text-slate-900 tabular">{value}</dd>
    </div>
  );
}
