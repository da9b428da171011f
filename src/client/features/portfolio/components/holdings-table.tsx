import { Leaf } from 'lucide-react';
import type { Credit } from '../../../../shared/schemas/credit';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { capitalize, formatDate, formatInteger, formatUsd, lineTotal } from '../../../lib/format';
import { creditLabel } from './credit-label';
import { STATUS_VARIANT } from './credit-status';
import { HoldingActions } from './holding-actions';
import { HoldingCards } from './holding-cards';

interface HoldingsTableProps {
  credits: readonly Credit[];
  loading: boolean;
  onRetire: (credit: Credit) => void;
}

/** SPEC.md §2 Credit Holdings: a table from md up, cards below; Retire and Transfer on active rows. */
export function HoldingsTable({ credits, loading, onRetire }: HoldingsTableProps) {
  let body;
  if (loading) {
    body = (
      <div className="grid gap-3 px-5 sm:px-6">
        {[0, 1, 2].map((row) => <Skeleton key={row} className="h-12 w-full" />)}
      </div>
    );
  } else if (credits.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 px-6 py-10 text-center text-muted-foreground">
        <Leaf className="size-8 text-emerald-600" aria-hidden="true" />
        <p>No credits in your portfolio yet</p>
      </div>
    );
  } else {
    body = (
      <>
        <HoldingCards credits={credits} onRetire={onRetire} />
        <div className="hidden md:block">
          <Table aria-label="Credit Holdings">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-5 sm:pl-6">Credit</TableHead>
                <TableHead className="text-right">Quantity</TableHead>
                <TableHead className="text-right">Purchase Price</TableHead>
                <TableHead className="text-right">Current Value</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="pr-5 text-right sm:pr-6">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
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
            </TableBody>
          </Table>
        </div>
      </>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Credit Holdings</CardTitle>
        <CardDescription>Each holding is a lot of one project with its own serial range</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">{body}</CardContent>
    </Card>
  );
}
