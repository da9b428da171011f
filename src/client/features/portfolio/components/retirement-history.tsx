import { Award } from 'lucide-react';
import { Link } from 'wouter';
import { DEFAULT_RETIREMENT_REASON } from '@/shared/constants';
import type { LoadFailure } from '@/client/components/load-error';
import { TableCell, TableHead, TableRow } from '@/client/components/ui/table';
import { formatDate, formatInteger } from '@/client/lib/format';
import { CertificateDownloads } from './certificate-links';
import { creditLabel, holdingTitle, type PortfolioCredit } from './credit-label';
import { PortfolioSection } from './portfolio-section';
import { useRowsShown } from '@/client/features/portfolio/hooks/use-rows-shown';
import { RetirementCards } from './retirement-cards';

/** SPEC.md §2 Retirement History: one row per retired holding, newest first, with its certificate and downloads. */
export function RetirementHistory({ credits, loading, failure }: { credits: readonly PortfolioCredit[]; loading: boolean; failure?: LoadFailure | null }) {
  const retired = credits
    .filter((credit) => credit.status === 'retired')
    .sort((a, b) => (b.retiredAt ?? '').localeCompare(a.retiredAt ?? ''));
  const { shown, more } = useRowsShown(retired);
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
      cards={<RetirementCards retired={shown} />}
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
      {shown.map((credit) => (
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
