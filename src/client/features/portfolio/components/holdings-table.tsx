import { Leaf } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import type { LoadFailure } from '@/client/components/load-error';
import { TableCell, TableHead, TableRow } from '@/client/components/ui/table';
import { capitalize, formatDate, formatInteger, formatUsd } from '@/client/lib/format';
import { creditLabel, currentValue, holdingTitle, type PortfolioCredit } from './credit-label';
import { STATUS_VARIANT } from './credit-status';
import { HoldingActions } from './holding-actions';
import { HoldingCards } from './holding-cards';
import { PortfolioSection } from './portfolio-section';
import type { RowsShown } from '@/client/features/portfolio/hooks/use-portfolio-data';

interface HoldingsTableProps {
  /** The pages of lots loaded so far, newest purchase first. */
  credits: readonly PortfolioCredit[];
  more: RowsShown;
  loading: boolean;
  failure?: LoadFailure | null;
  onRetire: (credit: PortfolioCredit) => void;
}

/**
 * SPEC.md §2 Credit Holdings: a table from md up, cards below; each row led by project and vintage, then the token
 * id and purchase date; Retire on active rows; a retired row has no current value (it can never be sold).
 */
export function HoldingsTable({ credits, more, loading, failure, onRetire }: HoldingsTableProps) {
  return (
    <PortfolioSection
      title="Credit Holdings"
      description="Each holding is a lot of one project with its own serial range"
      loading={loading}
      failure={failure}
      skeletonRows={3}
      isEmpty={credits.length === 0}
      emptyIcon={Leaf}
      emptyMessage="No credits in your portfolio yet"
      cards={<HoldingCards credits={credits} onRetire={onRetire} />}
      more={more}
      columns={
        <>
          <TableHead className="pl-5 sm:pl-6">Credit</TableHead>
          <TableHead className="text-right">Quantity</TableHead>
          <TableHead className="text-right">Purchase Price</TableHead>
          <TableHead className="text-right">Current Value</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="pr-5 text-right sm:pr-6">Actions</TableHead>
        </>
      }
    >
      {credits.map((credit) => (
        <TableRow key={credit.id}>
          <TableCell className="pl-5 sm:pl-6">
            <p className="max-w-[22rem] truncate font-medium text-slate-900" title={holdingTitle(credit)}>{holdingTitle(credit)}</p>
            <p className="text-xs text-muted-foreground">
              {creditLabel(credit)} · {formatDate(credit.purchaseDate)}
            </p>
          </TableCell>
          <TableCell className="text-right tabular">{formatInteger(credit.quantity)}</TableCell>
          <TableCell className="text-right tabular">{formatUsd(credit.purchasePrice)}</TableCell>
          <TableCell className="text-right font-medium tabular">{currentValue(credit)}</TableCell>
          <TableCell>
            <Badge variant={STATUS_VARIANT[credit.status]}>{capitalize(credit.status)}</Badge>
          </TableCell>
          <TableCell className="pr-5 text-right sm:pr-6">
            <HoldingActions credit={credit} onRetire={onRetire} />
          </TableCell>
        </TableRow>
      ))}
    </PortfolioSection>
  );
}

