import { Leaf } from 'lucide-react';
import type { Credit } from '../../../../shared/schemas/credit';
import { Badge } from '../../../components/ui/badge';
import { TableCell, TableHead, TableRow } from '../../../components/ui/table';
import { capitalize, formatDate, formatInteger, formatUsd, lineTotal } from '../../../lib/format';
import { creditLabel } from './credit-label';
import { STATUS_VARIANT } from './credit-status';
import { HoldingActions } from './holding-actions';
import { HoldingCards } from './holding-cards';
import { PortfolioSection } from './portfolio-section';

interface HoldingsTableProps {
  credits: readonly Credit[];
  loading: boolean;
  onRetire: (credit: Credit) => void;
}

/** SPEC.md §2 Credit Holdings: a table from md up, cards below; Retire and Transfer on active rows. */
export function HoldingsTable({ credits, loading, onRetire }: HoldingsTableProps) {
  return (
    <PortfolioSection
      title="Credit Holdings"
      description="Each holding is a lot of one project with its own serial range"
      loading={loading}
      skeletonRows={3}
      isEmpty={credits.length === 0}
      emptyIcon={Leaf}
      emptyMessage="No credits in your portfolio yet"
      cards={<HoldingCards credits={credits} onRetire={onRetire} />}
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
            <p className="font-medium text-slate-900">{creditLabel(credit)}</p>
            <p className="max-w-[20rem] truncate text-xs text-muted-foreground" title={credit.projectName}>
              {formatDate(credit.purchaseDate)} · {credit.projectName}
            </p>
          </TableCell>
          <TableCell className="text-right tabular">{formatInteger(credit.quantity)}</TableCell>
          <TableCell className="text-right tabular">{formatUsd(credit.purchasePrice)}</TableCell>
          <TableCell className="text-right font-medium tabular">{formatUsd(lineTotal(credit.purchasePrice, credit.quantity))}</TableCell>
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
