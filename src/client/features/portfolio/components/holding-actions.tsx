import { ArrowRightLeft, Flame, Lock } from 'lucide-react';
import type { Credit } from '../../../../shared/schemas/credit';
import { Button } from '../../../components/ui/button';
import { creditLabel } from './credit-label';

/** Active rows offer Retire and Transfer (SPEC.md §2: Transfer does nothing yet); retired rows say Retired. */
interface HoldingActionsProps {
  credit: Credit;
  onRetire: (credit: Credit) => void;
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
  const label = `${creditLabel(credit)}, ${credit.projectName}`;
  return (
    <div className={align === 'end' ? 'flex justify-end gap-2' : 'flex gap-2'}>
      <Button size="sm" onClick={() => onRetire(credit)} aria-label={`Retire ${label}`}>
        <Flame aria-hidden="true" />
        Retire
      </Button>
      {/* SPEC.md §2: Transfer is shown and does nothing yet. */}
      <Button size="sm" variant="outline" aria-label={`Transfer ${label}`}>
        <ArrowRightLeft aria-hidden="true" />
        Transfer
      </Button>
    </div>
  );
}
