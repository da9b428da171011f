import { Flame, Lock } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { creditLabel, holdingTitle, type PortfolioCredit } from './credit-label';

/**
 * Active rows offer Retire; retired rows say Retired. The Transfer button SPEC.md §2 lists did nothing and is
 * removed (issue #18): a transfer between users needs its own ledger and chain operation.
 */
interface HoldingActionsProps {
  credit: PortfolioCredit;
  onRetire: (credit: PortfolioCredit) => void;
  align?: 'start' | 'end';
}

export function HoldingActions({ credit, onRetire, align = 'end' }: HoldingActionsProps) {
  if (credit.status === 'retired') return <span className="text-sm font-medium text-muted-foreground">Retired</span>;
  if (credit.status !== 'active') {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
        <Lock className="size-3.5" aria-hidden="true" />
        {credit.status === 'escrowed' ? 'In an order' : 'In a pool'}
      </span>
    );
  }
  const label = `${holdingTitle(credit)}, ${creditLabel(credit)}`;
  return (
    <div className={align === 'end' ? 'flex justify-end gap-2' : 'flex gap-2'}>
      <Button size="sm" onClick={() => onRetire(credit)} aria-label={`Retire ${label}`}>
        <Flame aria-hidden="true" />
        Retire
      </Button>
    </div>
  );
}
