import { Award } from 'lucide-react';
import { Link } from 'wouter';
import { DEFAULT_RETIREMENT_REASON } from '@/shared/constants';
import type { LoadFailure } from '@/client/components/load-error';
import { TableCell, TableHead, TableRow } from '@/client/components/ui/table';
import { formatDate, formatInteger } from '@/client/lib/format';
import { CertificateDownloads } from './certificate-links';
import { creditLabel, holdingTitle, type PortfolioCredit } from './credit-label';
import { PortfolioSection } from './portfolio-section';
import type { RowsShown } from '@/client/features/portfolio/hooks/use-portfolio-data';
import { RetirementCards } from './retirement-cards';

interface RetirementHistoryProps {
  /** The pages of retired lots loaded so far, newest retirement first (the server's order). */
  retired: readonly PortfolioCredit[];
  more: RowsShown;
  loading: boolean;
  failure?: LoadFailure | null;
}

/** SPEC.md §2 Retirement History: one row per retired holding, newest first, with its certificate and downloads. */
export function RetirementHistory({ retired, more, loading, failure }: RetirementHistoryProps) {
  return (
    <PortfolioSection
      title="Retirement History"
      description="Permanently retired credits and their verifiable certificates"
      loading={loading}
      failure={failure}
      skeletonRows={1}
      isEmpty={retired.length === 0}
      emptyIcon={Award}
      emptyMessage="No retired credits yet"
      cards={<RetirementCards retired={retired} />}
      more={more}
      columns={
        <>
          <TableHead className="pl-5 sm:pl-6">Credit</TableHead>
          <TableHead className="text-right">Quantity</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Certificate</TableHead>
          <TableHead>Reason</TableHead>
          <TableHead className="pr-5 text-right sm:pr-6">Certificate File</TableHead>
        </>
      }
    >
      {retired.map((credit) => (
        <TableRow key={credit.id}>
          <TableCell className="pl-5 sm:pl-6">
            <p className="max-w-[20rem] truncate font-medium text-slate-900" title={holdingTitle(credit)}>{holdingTitle(credit)}</p>
            <p className="text-xs text-muted-foreground">{creditLabel(credit)}</p>
          </TableCell>
          <TableCell className="text-right tabular">{formatInteger(credit.quantity)} t</TableCell>
          <TableCell>{formatDate(credit.retiredAt)}</TableCell>
          <TableCell>
            {credit.certificateId ? (
              <Link href={`/certificates/${credit.certificateId}`} className="font-mono text-xs text-emerald-800 underline-offset-2 hover:underline">
                {credit.certificateId}
              </Link>
            ) : (
              '—'
            )}
          </TableCell>
          <TableCell className="min-w-[12rem] max-w-xs whitespace-normal text-sm [overflow-wrap:anywhere]">
            <span className="line-clamp-2" title={credit.retiredReason || DEFAULT_RETIREMENT_REASON}>
              {credit.retiredReason || DEFAULT_RETIREMENT_REASON}
            </span>
          </TableCell>
          <TableCell className="pr-5 text-right sm:pr-6">
            {credit.certificateId && <CertificateDownloads certificateId={credit.certificateId} />}
          </TableCell>
        </TableRow>
      ))}
    </PortfolioSection>
  );
}
